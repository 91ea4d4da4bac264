/**
 * Facts of the `io.modelcontextprotocol/tasks` extension (2026-07-28 changelog › Major changes,
 * item 6 moved tasks out of the core into it). The extension is versioned apart from the core: the
 * referee follows its draft at e434597 (github.com/modelcontextprotocol/ext-tasks), cited as
 * `ext-tasks-e434597/tasks › <section>`.
 */

import { TASKS_EXTENSION } from '../protocol/ext-tasks-schema.js';
import type { Bilingual } from '../protocol/index.js';
import type { JsonObject } from '../protocol/json.js';
import { declaredExtensions } from './facts.js';

/** The extension's specification page, as a citation names it. */
export const EXT_TASKS_PAGE = 'ext-tasks-e434597/tasks';

/** How the learner-facing texts name the extension's text, in both languages. */
export const EXT_TASKS_NAME: Bilingual = {
  en: 'tasks extension (ext-tasks draft, e434597)',
  zh: 'tasks 扩展（ext-tasks 草案，e434597）',
};

/** Where the extension states each of its messages (a CreateTaskResult is `task`). */
const SECTIONS: Readonly<Record<string, string>> = {
  'tasks/get': 'Task Polling',
  'tasks/update': 'Task Update Requests',
  'tasks/cancel': 'Task Cancellation',
  task: 'Task Creation',
};

/** The citation of the section that states a method of the extension, or its CreateTaskResult. */
export function extTasksCite(of: string, specNote: Bilingual) {
  const section = Object.hasOwn(SECTIONS, of) ? SECTIONS[of] : 'Tasks';
  return { spec: `${EXT_TASKS_PAGE} › ${section}`, specNote };
}

/**
 * The requests a server may answer with a CreateTaskResult (tasks extension › Supported Methods:
 * "currently" only tools/call).
 */
export const TASK_SUPPORTED_METHODS: readonly string[] = ['tools/call'];

/** Does a modern request's `clientCapabilities` declare the tasks extension? */
export function declaresTasks(capabilities: JsonObject | null | undefined): boolean {
  return declaredExtensions(capabilities).includes(TASKS_EXTENSION);
}
