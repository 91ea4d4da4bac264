import { render } from 'ink';
import { createElement } from 'react';
import type { Lang } from '../i18n/lang.js';
import { CtrlCQuits } from './ctrl-c-quits.js';
import { handKeysOver } from './held-keys.js';
import { LiveApp } from './live-app.js';
import type { LiveStore } from './live-store.js';
import { colourEnabled } from './theme.js';
import { Themed } from './themed.js';

/**
 * `serve --http <port> --ui`: draws the live view until `q`, Ctrl+C, SIGINT or SIGTERM; the caller
 * then stops the server.
 */
export async function runLive(options: {
  readonly store: LiveStore;
  readonly url: string;
  readonly lang: Lang;
}): Promise<void> {
  const quit = () => instance.unmount();
  const app = createElement(CtrlCQuits, null, createElement(LiveApp, { ...options, onQuit: quit }));
  await handKeysOver();
  const instance = render(createElement(Themed, { colour: colourEnabled(process.env) }, app), {
    exitOnCtrlC: true,
  });
  process.once('SIGTERM', quit);
  process.once('SIGINT', quit);
  try {
    await instance.waitUntilExit();
  } finally {
    process.off('SIGTERM', quit);
    process.off('SIGINT', quit);
  }
}
