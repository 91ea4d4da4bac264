import { BoundedMap } from '../../protocol/bounded-map.js';
import { type Bilingual, isObject, versionAtLeast } from '../../protocol/index.js';
import { pointerToken } from '../../protocol/json.js';
import { resolveVersion } from '../../protocol/versions.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { type Finding, type RuleRow, show } from './rule.js';

/** The revision that gave `_meta` keys their format (2025-06-18 basic/index › General fields › _meta). */
const META_KEY_REVISION = '2025-06-18';

/** A prefix label: starts with a letter, ends with a letter or digit; letters, digits, hyphens. */
const LABEL = /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
/** A name: empty, or begins and ends alphanumeric; hyphens, underscores, dots in between. */
const NAME = /^(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$/;

/**
 * Where the schema holds data of the peers' own, not MCP's: tool arguments and structured
 * results, JSON Schemas, a tool use's input, log and error data, sampling metadata, experimental
 * capabilities and extensions' settings. A `_meta` inside them is data, not metadata, and is not
 * judged.
 */
const USER_DATA = new Set([
  'arguments',
  'structuredContent',
  'inputSchema',
  'outputSchema',
  'requestedSchema',
  'input',
  'data',
  'metadata',
  'experimental',
  'extensions',
]);

/** What is wrong with a `_meta` key, or null when its prefix and name fit the format. */
export function metaKeyIssue(key: string): Bilingual | null {
  const slash = key.indexOf('/');
  const name = slash === -1 ? key : key.slice(slash + 1);
  if (slash !== -1) {
    const labels = key.slice(0, slash).split('.');
    const bad = labels.find((label) => !LABEL.test(label));
    if (bad !== undefined) {
      return bad === ''
        ? {
            en: 'its prefix has an empty label (a prefix is dot-separated labels, then a slash)',
            zh: '它的前缀中有空的标签（前缀由点分隔的标签组成，后接斜杠）',
          }
        : {
            en: `its prefix label ${show(bad)} does not start with a letter, end with a letter or digit, and hold only letters, digits and hyphens`,
            zh: `它的前缀标签 ${show(bad)} 没有以字母开头、以字母或数字结尾，或者含有字母、数字和连字符以外的字符`,
          };
    }
  }
  if (NAME.test(name)) return null;
  return {
    en: `its name ${show(name)} does not begin and end with a letter or digit, with only letters, digits, hyphens, underscores and dots between`,
    zh: `它的名称 ${show(name)} 没有以字母或数字开头和结尾，或者中间含有字母、数字、连字符、下划线和点以外的字符`,
  };
}

/** A key in the format, as close to `key` as the referee can make it, to suggest instead. */
export function metaKeyFixed(key: string): string {
  const slash = key.indexOf('/');
  const prefix = slash === -1 ? '' : key.slice(0, slash);
  const okPrefix = prefix !== '' && prefix.split('.').every((label) => LABEL.test(label));
  const name = (slash === -1 ? key : key.slice(slash + 1))
    .replace(/[^A-Za-z0-9._-]/g, '-')
    .replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
  return `${okPrefix ? prefix : 'com.example'}/${name === '' ? 'key' : name}`;
}

/**
 * Every malformed key of every `_meta` object of a message's params or result (user data left
 * out), with the path to its `_meta` as tokens: a pointer is built only for a key that is wrong,
 * since every message of a transcript is walked.
 */
function malformedKeys(
  value: unknown,
  path: (string | number)[],
  out: { key: string; issue: Bilingual; path: readonly (string | number)[] }[],
): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      path.push(i);
      malformedKeys(item, path, out);
      path.pop();
    }
    return;
  }
  if (!isObject(value)) return;
  for (const key in value) {
    const child = value[key];
    if (key === '_meta') {
      if (!isObject(child)) continue;
      for (const metaKey of Object.keys(child)) {
        const issue = metaKeyIssueOf(metaKey);
        if (issue !== null) out.push({ key: metaKey, issue, path: [...path, key] });
      }
      continue;
    }
    if (USER_DATA.has(key)) continue;
    // An ElicitResult's content is the user's answers (client/elicitation › Response Actions).
    if (key === 'content' && typeof value.action === 'string') continue;
    path.push(key);
    malformedKeys(child, path, out);
    path.pop();
  }
}

/** metaKeyIssue, remembered for the keys a transcript repeats (its peers use a handful). */
const issues = new BoundedMap<string, Bilingual | null>(1024);
function metaKeyIssueOf(key: string): Bilingual | null {
  let issue = issues.get(key);
  if (issue === undefined) {
    issue = metaKeyIssue(key);
    issues.set(key, issue);
  }
  return issue;
}

/** Does the session's revision give `_meta` keys a format (2025-06-18 on)? */
function judged(ctx: SessionContext, msg: ModelMessage): boolean {
  if (ctx.era === 'modern') return true;
  // Before the answer the session's version is not settled: the initialize's own request says.
  const asked =
    msg.type === 'client.initialize' ? resolveVersion(msg.params?.protocolVersion) : null;
  return versionAtLeast(asked ?? ctx.ruleVersion, META_KEY_REVISION);
}

/** 2025-06-18 stated the same format in the same place, its own basic/index › General fields. */
const FIRST_CITE = {
  spec: '2025-06-18/basic/index › General fields',
  specNote: {
    en: 'a _meta key is an optional prefix (dot-separated labels, each starting with a letter and ending with a letter or digit, then a slash) and a name that, unless empty, MUST begin and end with a letter or digit',
    zh: '_meta 的键由可选的前缀（以点分隔的标签，每个标签以字母开头、以字母或数字结尾，后接斜杠）和名称组成；名称若不为空，必须以字母或数字开头和结尾',
  },
} as const;

/**
 * basic/index › General fields › _meta, Key name format (2025-06-18 on; 2026-07-28 alike). Only
 * the format is judged, not the reserved prefixes (second label modelcontextprotocol or mcp): the
 * revisions define keys there on other pages (2025-11-25's related-task), and 2026-07-28 says
 * official extensions define more, so an unknown key under io.modelcontextprotocol/ may well be
 * MCP's own. FastMCP's `_fastmcp` breaks the name's MUST (it begins with `_`): an error, as the
 * spec says, whatever the SDK does.
 */
export const META_KEY_RULES = [
  {
    id: 'meta-key-invalid',
    severity: 'error',
    spec: '2025-11-25/basic/index › General fields',
    specNote: FIRST_CITE.specNote,
    modern: { spec: '2026-07-28/basic/index › General fields' },
    title: { en: 'Malformed _meta key', zh: '_meta 的键格式不对' },
    check: (ctx, msg) => {
      const e = msg.envelope;
      const body =
        e.kind === 'request' || e.kind === 'notification'
          ? { value: msg.params, at: '/params' }
          : e.kind === 'response'
            ? { value: e.result, at: '/result' }
            : null;
      if (body === null || !judged(ctx, msg)) return null;
      const bad: { key: string; issue: Bilingual; path: readonly (string | number)[] }[] = [];
      malformedKeys(body.value, [], bad);
      const findings: Finding[] = [];
      for (const { key, issue, path } of bad) {
        const tokens = [...path, key].map((t) => `/${pointerToken(String(t))}`);
        const where = `${body.at}${tokens.join('')}`;
        const fixed = show(metaKeyFixed(key));
        findings.push({
          pointer: where,
          en: `the _meta key ${show(key)} (at ${where}) is malformed: ${issue.en}; a key is an optional prefix of dot-separated labels and a slash, then a name, so use a key such as ${fixed} (a reverse-DNS prefix of your own)`,
          zh: `_meta 的键 ${show(key)}（位置 ${where}）格式不对：${issue.zh}；键由可选的前缀（点分隔的标签加斜杠）和名称组成，请改用 ${fixed} 这样的键（前缀用你自己的反向域名）`,
          ...(ctx.era === 'legacy' && ctx.ruleVersion === META_KEY_REVISION
            ? { cite: FIRST_CITE }
            : {}),
        });
      }
      return findings.length > 0 ? findings : null;
    },
  },
] as const satisfies readonly RuleRow[];
