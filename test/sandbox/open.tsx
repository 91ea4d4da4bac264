import { expect, vi } from 'vitest';
import type { Lang } from '../../src/i18n/lang.js';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import { SandboxApp } from '../../src/ui/sandbox-app.js';
import { renderAt, type Size } from '../ui/render-at.js';

/**
 * The sandbox of the handshake era, the learner as client, on screen at this size (80×24 unless
 * given) and in this language, once its first offer (`initialize`, allowed) is chosen.
 */
export async function openSandbox(lang: Lang, size: Size = { columns: 80, rows: 24 }) {
  const session = sandboxDefaults('legacy', 'client');
  const screen = renderAt(<SandboxApp session={session} lang={lang} />, size);
  await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ initialize'));
  return { session, screen };
}
