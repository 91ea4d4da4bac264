import { describe, expect, it } from 'vitest';
import {
  CAPABILITY_PATHS,
  capabilityDeprecatedIn,
  capabilityExistsIn,
  capabilitySide,
  hasCapability,
} from '../../src/protocol/index.js';

const server = (caps: unknown) => ({ server: caps });
const client = (caps: unknown) => ({ client: caps });

describe('hasCapability', () => {
  it('a capability is declared when its key holds an object, even an empty one', () => {
    expect(hasCapability(server({ tools: {} }), 'server.tools')).toBe(true);
    expect(hasCapability(server({ logging: {} }), 'server.logging')).toBe(true);
    expect(hasCapability(client({ sampling: {} }), 'client.sampling')).toBe(true);
    expect(hasCapability(server({}), 'server.tools')).toBe(false);
  });

  it('a capability key holding something other than an object declares nothing', () => {
    for (const value of [true, 1, 'yes', null, []]) {
      expect(hasCapability(server({ tools: value }), 'server.tools')).toBe(false);
    }
  });

  it('listChanged and subscribe must be true, not just present', () => {
    expect(
      hasCapability(server({ tools: { listChanged: true } }), 'server.tools.listChanged'),
    ).toBe(true);
    for (const value of [false, {}, 'true', 1, null]) {
      expect(
        hasCapability(server({ tools: { listChanged: value } }), 'server.tools.listChanged'),
      ).toBe(false);
      expect(
        hasCapability(server({ resources: { subscribe: value } }), 'server.resources.subscribe'),
      ).toBe(false);
    }
    expect(hasCapability(server({ tools: {} }), 'server.tools.listChanged')).toBe(false);
    expect(
      hasCapability(client({ roots: { listChanged: true } }), 'client.roots.listChanged'),
    ).toBe(true);
  });

  it('newer sub-capabilities are empty objects whose presence means support', () => {
    expect(hasCapability(client({ sampling: { tools: {} } }), 'client.sampling.tools')).toBe(true);
    expect(hasCapability(client({ sampling: {} }), 'client.sampling.tools')).toBe(false);
    expect(hasCapability(client({ sampling: { context: {} } }), 'client.sampling.context')).toBe(
      true,
    );
    expect(
      hasCapability(
        server({ tasks: { requests: { tools: { call: {} } } } }),
        'server.tasks.requests.tools.call',
      ),
    ).toBe(true);
    expect(hasCapability(server({ tasks: { list: {} } }), 'server.tasks.list')).toBe(true);
    expect(hasCapability(server({ tasks: { list: {} } }), 'server.tasks.cancel')).toBe(false);
    expect(hasCapability(server({ tasks: {} }), 'server.tasks')).toBe(true);
  });

  it('elicitation {} means form mode only', () => {
    const caps = client({ elicitation: {} });
    expect(hasCapability(caps, 'client.elicitation')).toBe(true);
    expect(hasCapability(caps, 'client.elicitation.form')).toBe(true);
    expect(hasCapability(caps, 'client.elicitation.url')).toBe(false);
  });

  it('elicitation {url:{}} does not allow form mode', () => {
    const caps = client({ elicitation: { url: {} } });
    expect(hasCapability(caps, 'client.elicitation')).toBe(true);
    expect(hasCapability(caps, 'client.elicitation.url')).toBe(true);
    expect(hasCapability(caps, 'client.elicitation.form')).toBe(false);
  });

  it('elicitation {form:{}, url:{}} allows both modes', () => {
    const caps = client({ elicitation: { form: {}, url: {} } });
    expect(hasCapability(caps, 'client.elicitation.form')).toBe(true);
    expect(hasCapability(caps, 'client.elicitation.url')).toBe(true);
  });

  it('no elicitation at all allows no mode', () => {
    expect(hasCapability(client({}), 'client.elicitation.form')).toBe(false);
    expect(hasCapability(client({ elicitation: true }), 'client.elicitation.form')).toBe(false);
  });

  it('reads only the declaring side', () => {
    expect(hasCapability({ client: { tools: {} } }, 'server.tools')).toBe(false);
    expect(hasCapability({ server: { roots: {} } }, 'client.roots')).toBe(false);
    expect(hasCapability({}, 'server.tools')).toBe(false);
  });

  it('copes with junk declarations', () => {
    for (const junk of [
      null,
      undefined,
      'tools',
      42,
      [],
      JSON.parse('{"__proto__":{"tools":{}}}'),
    ]) {
      expect(hasCapability(server(junk), 'server.tools')).toBe(false);
    }
  });
});

describe('capability metadata', () => {
  it('knows which side declares each path', () => {
    for (const path of CAPABILITY_PATHS) {
      expect(capabilitySide(path)).toBe(path.split('.')[0]);
    }
  });

  it('dates the newer capabilities', () => {
    expect(capabilityExistsIn('server.completions', '2024-11-05')).toBe(false);
    expect(capabilityExistsIn('server.completions', '2025-03-26')).toBe(true);
    expect(capabilityExistsIn('client.elicitation', '2025-03-26')).toBe(false);
    expect(capabilityExistsIn('client.elicitation', '2025-06-18')).toBe(true);
    expect(capabilityExistsIn('client.elicitation.url', '2025-06-18')).toBe(false);
    expect(capabilityExistsIn('client.sampling.tools', '2025-11-25')).toBe(true);
    expect(capabilityExistsIn('server.tools', '2024-11-05')).toBe(true);
  });
});

describe('capabilities in 2026-07-28 (basic/versioning.mdx, deprecated.mdx)', () => {
  it('adds extensions on both sides, from 2026-07-28 only', () => {
    expect(capabilityExistsIn('client.extensions', '2026-07-28')).toBe(true);
    expect(capabilityExistsIn('server.extensions', '2026-07-28')).toBe(true);
    expect(capabilityExistsIn('server.extensions', '2025-11-25')).toBe(false);
    const declared = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };
    expect(
      hasCapability({ client: { roots: {}, extensions: declared } }, 'client.extensions'),
    ).toBe(true);
  });

  it('drops roots.listChanged and the tasks capability from core', () => {
    expect(capabilityExistsIn('client.roots', '2026-07-28')).toBe(true);
    expect(capabilityExistsIn('client.roots.listChanged', '2025-11-25')).toBe(true);
    expect(capabilityExistsIn('client.roots.listChanged', '2026-07-28')).toBe(false);
    for (const path of CAPABILITY_PATHS.filter((p) => p.includes('.tasks'))) {
      expect(capabilityExistsIn(path, '2025-11-25')).toBe(true);
      expect(capabilityExistsIn(path, '2026-07-28')).toBe(false);
    }
  });

  it('marks roots, sampling and logging deprecated but still there', () => {
    for (const path of ['client.roots', 'client.sampling', 'server.logging'] as const) {
      expect(capabilityDeprecatedIn(path, '2025-11-25')).toBe(false);
      expect(capabilityDeprecatedIn(path, '2026-07-28')).toBe(true);
      expect(capabilityExistsIn(path, '2026-07-28')).toBe(true);
    }
    expect(capabilityDeprecatedIn('server.tools', '2026-07-28')).toBe(false);
  });
});
