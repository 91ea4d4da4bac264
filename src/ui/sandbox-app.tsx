import { Box, Text, useApp } from 'ink';
import { useMemo, useRef, useState } from 'react';
import stringWidth from 'string-width';
import { type Bilingual, type Lang, tr } from '../i18n/lang.js';
import { SANDBOX_STRINGS } from '../i18n/sandbox-strings.js';
import { STRINGS } from '../i18n/strings.js';
import { LATEST_STATELESS_VERSION } from '../protocol/versions.js';
import { visible } from '../protocol/visible.js';
import type { Step } from '../session/index.js';
import { ellipsize } from './bound-text.js';
import { breakCjk } from './cjk-lines.js';
import { KeyBar } from './components/key-bar.js';
import { Prose } from './components/prose.js';
import { SandboxFormView } from './components/sandbox-form-view.js';
import { SandboxHelp } from './components/sandbox-help.js';
import { SandboxHistory, stepLabel } from './components/sandbox-history.js';
import { SandboxInspect, verdictMore } from './components/sandbox-inspect.js';
import { editChromeRows, SandboxJsonEdit } from './components/sandbox-json-edit.js';
import { SandboxOffers } from './components/sandbox-offers.js';
import { VerdictLine, verdictHeight, verdictRows } from './components/verdict-line.js';
import { actionsFor, keyNames } from './keymap.js';
import { cursorAfter } from './sandbox-cursor.js';
import type { OfferRow, SandboxDriver } from './sandbox-driver.js';
import {
  editField,
  type Field,
  fieldsOf,
  formFailure,
  parseEnvelope,
  pretty,
  type SandboxMode,
  withFields,
} from './sandbox-form.js';
import {
  SANDBOX_KEYS,
  type SandboxAction,
  sandboxHints,
  sandboxHistoryHints,
} from './sandbox-keys.js';
import { cursorAt, editKey, editorOf, editorText } from './text-editor.js';
import { wrappedHeight } from './text-height.js';
import { useFieldTree } from './use-field-tree.js';
import { useKeyRoute } from './use-key-route.js';
import { useKeyRouter } from './use-key-router.js';
import { useLatestState } from './use-latest-state.js';
import { useScreenSize } from './use-terminal-size.js';
import { firstFinding } from './violation-list.js';

export type SandboxAppProps = {
  readonly session: SandboxDriver;
  readonly lang: Lang;
  /** The lesson whose last state it opened at (`--lesson`), shown in the header by its title. */
  readonly lesson?: { readonly id: string; readonly title: Bilingual } | null;
};

/**
 * The lesson the sandbox opened at, by its title in the screen's language, then its id in
 * parentheses when both fit in `columns` (the id is what `--lesson` took; the title is the lesson's).
 */
export function lessonLabel(
  lesson: { readonly id: string; readonly title: Bilingual },
  lang: Lang,
  columns: number,
): string {
  // A teacher's lesson file wrote the title: drawn as it is, an ESC in it would reach the terminal.
  const title = visible(tr(lesson.title, lang));
  const withId = tr(SANDBOX_STRINGS.fromLessonId, lang, { title, id: lesson.id });
  return stringWidth(withId) <= columns ? withId : tr(SANDBOX_STRINGS.fromLesson, lang, { title });
}

const LIST: SandboxMode = { kind: 'list' };

/** Where the cursor starts in a field: after its text. */
const endOf = (field: Field | undefined): number => field?.text.length ?? 0;

/** `mcp-sim sandbox`: the learner chooses each message of their side; the peer answers. */
export function SandboxApp({ session, lang, lesson = null }: SandboxAppProps) {
  const { exit } = useApp();
  const { columns, rows } = useScreenSize();
  const route = useKeyRouter();
  // The session changes in place; `turn` counts the sends so that what is read of it is read again.
  const [turn, setTurn] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `turn` changes when the session did
  const offers = useMemo(() => session.offers(), [session, turn]);
  // Keys can come faster than frames: each reads the cursor and the mode the one before it left.
  const [cursor, setCursor, chosen] = useLatestState(0);
  const [mode, setMode, latest] = useLatestState<SandboxMode>(LIST);
  const [mine, setMine] = useState<Step | null>(null);
  // `i`: the chosen offer (in the list) or the chosen step (in the history) as a field tree.
  const fields = useFieldTree();
  // The offer `i` opened in the list, with the step it would make if sent now (not taken).
  const [previewed, setPreviewed] = useState<{ step: Step; offer: OfferRow } | null>(null);
  // The help scrolls on a short screen: how far it is, and how far it can go (measured by Ink).
  const [helpLines, setHelpLines, helpAt] = useLatestState(0);
  const helpMax = useRef(0);
  const openHelp = () => {
    setHelpLines(0);
    setMode({ kind: 'help' });
  };

  // What was typed in a form or the editor and left with Esc, by offer: opening it again shows it.
  // A send changes the offers (their ids among them), so it forgets every draft.
  const drafts = useRef(new Map<string, SandboxMode>());
  const back = (draft: SandboxMode & { offer: { key: string } }) => {
    drafts.current.set(draft.offer.key, draft);
    setMode(LIST);
  };
  /** Sends an envelope; `key` is the offer it came from (the form's, the editor's). */
  const send = (envelope: unknown, key?: string) => done(session.send(envelope), key);
  /** Sends the form, unless a field starts like JSON and is not: then the form says where. */
  const sendForm = (mode: Extract<SandboxMode, { kind: 'form' }>, fields: readonly Field[]) => {
    const failure = formFailure(fields);
    if (failure === null) return send(withFields(mode.offer, fields), mode.offer.key);
    setMode({ ...mode, fields, focus: failure.field, col: failure.offset, failure });
  };
  const done = ([own]: readonly Step[], key?: string) => {
    drafts.current.clear();
    setPreviewed(null);
    // The verdict box is for messages: an act on the transport is judged by none (the history shows it).
    setMine(own?.kind === 'message' ? own : null);
    setTurn((t) => t + 1);
    // The cursor stays on the offer sent (or its nearest neighbour still offered), as a learner
    // sending ping after ping, or walking down the list, expects; else on the same row.
    setCursor(cursorAfter(offers, chosen.current, session.offers(), key));
    setMode(LIST);
  };
  const choose = () => {
    const offer = offers[chosen.current];
    if (!offer) return;
    if (offer.kind === 'transport') {
      const steps = session.act(offer.act);
      // A wait writes nothing of the learner's: every step it made is the server's.
      return done(offer.act.type === 'wait' ? [] : steps);
    }
    const draft = drafts.current.get(offer.key);
    if (draft?.kind === 'form') return setMode(draft);
    const fields = fieldsOf(offer);
    if (fields.length > 0)
      setMode({ kind: 'form', offer, fields, focus: 0, col: endOf(fields[0]) });
    else send(offer.envelope, offer.key);
  };

  useKeyRoute(route, (input, key) => {
    const mode = latest.current;
    let names = keyNames(input, key);
    if (fields.isOpen()) {
      // Keys typed in one burst ("qjj"): those after the one that closes the tree are the list's.
      let used = 0;
      while (used < names.length && fields.isOpen()) {
        const name = names[used++];
        if (name) fields.key(name, Math.max(1, rows - 8));
      }
      names = names.slice(used);
      if (names.length === 0) return;
    }
    // Enter is read here, not by the text inputs: it sends what the form or the editor holds.
    if (mode.kind === 'form') {
      if (key.escape) return back(mode);
      if (key.return) return sendForm(mode, mode.fields);
      const move = key.upArrow ? -1 : key.downArrow || key.tab ? 1 : 0;
      const focus = Math.max(0, Math.min(mode.fields.length - 1, mode.focus + move));
      // Another field: the cursor goes to the end of its text.
      if (move !== 0) {
        if (focus !== mode.focus) setMode({ ...mode, focus, col: endOf(mode.fields[focus]) });
        return;
      }
      const field = mode.fields[mode.focus];
      if (!field) return;
      // Keys that come in one burst (typed fast over ssh, a paste ending in a newline) arrive as
      // one input: "z⏎" is the text, then Enter, which sends.
      const burst = input.length > 1 && /[\r\n]$/.test(input);
      const typed = burst ? input.replace(/[\r\n]+$/, '') : input;
      const { text, col } = editField(field.text, mode.col, typed, key);
      const edited = mode.fields.map((f, n) => (n === mode.focus ? { ...f, text } : f));
      if (burst) return sendForm(mode, edited);
      // The text changed: the last Enter's "not JSON" was about the old text; a move keeps it.
      const failure = text === field.text ? (mode.failure ?? null) : null;
      return setMode({ ...mode, fields: edited, col, failure });
    }
    if (mode.kind === 'edit') {
      if (key.escape) return back(mode);
      if (!key.return) {
        const editor = editKey(mode.editor, input, key, editView);
        // The text changed: the last Enter's "not JSON" was about the old text; a move keeps it.
        const changed = editorText(editor) !== editorText(mode.editor);
        return setMode({ ...mode, editor, failure: changed ? null : mode.failure });
      }
      const text = editorText(mode.editor);
      const parsed = parseEnvelope(text);
      if (parsed.ok) return send(parsed.value, mode.offer.key);
      // The cursor goes where the text stops being JSON (or to the character no one can see).
      const place = parsed.hidden ?? parsed.at;
      const editor = place ? cursorAt(mode.editor, place.offset, editView) : mode.editor;
      return setMode({ ...mode, editor, failure: parsed });
    }
    if (mode.kind === 'history') {
      const steps = session.log.steps;
      for (const action of actionsFor(SANDBOX_KEYS, names)) {
        if (action === 'up') return setMode({ kind: 'history', at: Math.max(0, mode.at - 1) });
        if (action === 'down')
          return setMode({ kind: 'history', at: Math.min(steps.length - 1, mode.at + 1) });
        if (action === 'send' || action === 'inspect') {
          // A close or an unreadable line has no envelope to open.
          const step = steps[mode.at];
          if (step?.kind === 'message') {
            setPreviewed(null);
            fields.open(mode.at, step.message, firstFinding(step.verdict?.violations));
          }
          return;
        }
        // q goes back too, as it does in the field tree: only q in the list quits.
        if (action === 'history' || action === 'close' || action === 'quit') return setMode(LIST);
        if (action === 'help') return openHelp();
      }
      return;
    }
    for (const action of actionsFor(SANDBOX_KEYS, names)) {
      if (mode.kind === 'help') {
        // q closes the help, as Esc and ? do; a second q quits.
        if (action === 'help' || action === 'close' || action === 'quit') return setMode(LIST);
        if (action === 'up' || action === 'down') {
          const by = action === 'down' ? 1 : -1;
          setHelpLines(Math.max(0, Math.min(helpAt.current + by, helpMax.current)));
        }
        continue;
      }
      if (action === 'up') setCursor((c) => Math.max(0, c - 1));
      else if (action === 'down') setCursor((c) => Math.min(offers.length - 1, c + 1));
      else if (action === 'send') return choose();
      else if (action === 'edit') {
        const offer = offers[chosen.current];
        // An act on the transport has no JSON to edit.
        if (!offer || offer.kind === 'transport') return;
        const draft = drafts.current.get(offer.key);
        if (draft?.kind === 'edit') return setMode(draft);
        return setMode({
          kind: 'edit',
          offer,
          editor: editorOf(pretty(offer.envelope)),
          failure: null,
        });
      } else if (action === 'inspect') {
        // The chosen offer, as it would be sent now, with what the referee would say of it. An
        // act on the transport has no envelope (the history's steps open with h, then Enter).
        const offer = offers[chosen.current];
        if (!offer || offer.kind === 'transport') return;
        const step = session.preview(offer.envelope);
        setPreviewed({ step, offer });
        fields.open(step.index, offer.envelope);
        return;
      } else if (action === 'history') {
        // The history takes the focus at its newest step; nothing to choose before a first send.
        const steps = session.log.steps;
        if (steps.length > 0) return setMode({ kind: 'history', at: steps.length - 1 });
        return;
      } else if (action === 'help') return openHelp();
      else if (action === 'quit') return exit();
    }
  });

  const side = tr(STRINGS[session.side], lang);
  const view = session.log.view();
  const phases = session.log.phases();
  const era =
    session.era === 'modern'
      ? tr(SANDBOX_STRINGS.eraModern, lang, { version: LATEST_STATELESS_VERSION })
      : tr(SANDBOX_STRINGS.eraLegacy, lang, { version: view.ruleVersion });
  const header = [
    tr(SANDBOX_STRINGS.title, lang),
    tr(SANDBOX_STRINGS.youAre, lang, { side }),
    era,
  ].join(' · ');
  // The lesson leads the second line, so that a long lesson title is never what 80 columns cut.
  const phaseLine = [
    ...(lesson ? [lessonLabel(lesson, lang, columns)] : []),
    session.era === 'modern'
      ? tr(SANDBOX_STRINGS.modernNote, lang)
      : `${tr(STRINGS.client, lang)} ● ${tr(STRINGS[`phase_${phases.client}`], lang)} · ${tr(STRINGS.server, lang)} ● ${tr(STRINGS[`phase_${phases.server}`], lang)}`,
  ].join(' · ');

  const steps = session.log.steps;
  // The verdict box: while the history has the focus, the chosen step's (an earlier message of
  // the learner's, or the peer's), with its rules, their severity, section and explanation;
  // otherwise the learner's last message's.
  const judged = mode.kind === 'history' ? (steps[mode.at] ?? null) : mine;
  const violations = judged?.verdict?.violations ?? [];
  // A close or a closed stream is no message: no rule judges it (one line says so).
  const transportAct = judged !== null && (judged.kind === 'close' || judged.kind === 'abandon');
  // What the peer did or will not do that no offer says (it closed, and why; it has nothing to ask).
  const note = session.note?.() ?? null;
  const noteText = note ? breakCjk(tr(note, lang), columns) : '';
  const noteRows = wrappedHeight(noteText, columns);
  // Rows: header 2, the list's title and its two detail lines 3, the history's title 1, the key
  // bar 1, and the verdict box when there is one (its title, then the verdict). The list and the
  // history keep 4 rows between them; the verdict takes at most what is left, one line a rule past
  // it (and a line that says `h` reads it whole).
  // Measured once: what the whole verdict takes, whether or not it fits.
  const full = judged?.verdict ? verdictHeight(violations, lang, columns) : 0;
  const verdictOf = (room: number) =>
    judged ? 1 + (judged.verdict ? verdictRows(full, violations.length, room) : 1) : 0;
  const listRoom = Math.max(2, rows - 7 - noteRows - 4 - 1);
  const free = Math.max(4, rows - 7 - verdictOf(listRoom) - noteRows);
  const historyRows = Math.max(1, Math.min(steps.length, Math.floor(free * 0.4)));
  const listRows = Math.max(2, free - historyRows);
  // While the history has the focus (`h`), the list is not what the keys move: when the chosen
  // step's verdict does not fit whole, the list gives it its rows, so that it is read whole there;
  // the history keeps its place and size.
  const cut = full > listRoom;
  const browsing = mode.kind === 'history' && cut;
  const verdictRoom = browsing ? Math.max(2, rows - 4 - noteRows - historyRows - 1) : listRoom;
  // The editor takes the list's rows, its title and its two detail lines.
  const editView = Math.max(
    1,
    listRows + 3 - editChromeRows(mode.kind === 'edit' ? mode.failure : null),
  );

  // The list's keys that would do nothing now, dim on the key bar: e and i on an act on the
  // transport (no JSON, no envelope), h before any step.
  const listIdle: SandboxAction[] = [
    ...(offers[cursor]?.kind === 'transport' || !offers[cursor]
      ? (['edit', 'inspect'] as const)
      : []),
    ...(steps.length > 0 ? [] : (['history'] as const)),
  ];

  // The tree is open on a step of the log, or (past its end) on the offer `i` opened.
  const preview = fields.tree && previewed?.step.index === fields.tree.step ? previewed : null;
  const inspected = fields.tree
    ? (preview?.step ?? session.log.steps[fields.tree.step])
    : undefined;
  if (fields.tree && inspected) {
    return (
      <SandboxInspect
        step={inspected}
        tree={fields.tree}
        status={fields.status(lang)}
        lang={lang}
        columns={columns}
        rows={rows}
        offer={preview?.offer ?? null}
      />
    );
  }
  if (mode.kind === 'help') {
    return (
      <SandboxHelp
        lang={lang}
        columns={columns}
        rows={rows}
        scroll={helpLines}
        onMeasure={(max) => {
          helpMax.current = max;
        }}
      />
    );
  }
  return (
    <Box flexDirection="column" width={columns} height={rows} overflow="hidden">
      {/* Lines are cut with ellipsize, not by Ink: cut on a Chinese character, Ink's … falls one
          column past the edge, where it is lost. */}
      <Text bold wrap="truncate-end">
        {ellipsize(header, columns)}
      </Text>
      <Text dimColor wrap="truncate-end">
        {ellipsize(phaseLine, columns)}
      </Text>
      {mode.kind === 'form' ? (
        <SandboxFormView
          key={mode.offer.key}
          method={mode.offer.method}
          fields={mode.fields}
          focus={mode.focus}
          col={mode.col}
          failure={mode.failure ?? null}
          height={listRows + 3}
          lang={lang}
          columns={columns}
        />
      ) : mode.kind === 'edit' ? (
        <SandboxJsonEdit
          editor={mode.editor}
          failure={mode.failure}
          view={editView}
          lang={lang}
          columns={columns}
        />
      ) : browsing ? null : (
        <SandboxOffers
          offers={offers}
          cursor={cursor}
          height={listRows}
          side={side}
          lang={lang}
          width={columns}
          focused={mode.kind !== 'history'}
        />
      )}
      <Box flexGrow={1} />
      <SandboxHistory
        steps={steps}
        height={historyRows}
        side={session.side}
        lang={lang}
        chosen={mode.kind === 'history' ? mode.at : null}
      />
      {judged ? (
        <Box flexDirection="column" flexShrink={0}>
          <Text bold wrap="truncate-end">
            {ellipsize(
              mode.kind === 'history'
                ? tr(SANDBOX_STRINGS.stepVerdict, lang, {
                    n: mode.at + 1,
                    what: stepLabel(judged, session.side, lang),
                  })
                : tr(SANDBOX_STRINGS.lastVerdict, lang),
              columns,
            )}
          </Text>
          {transportAct ? (
            <Text dimColor wrap="truncate-end">
              {ellipsize(tr(SANDBOX_STRINGS.stepNotJudged, lang), columns)}
            </Text>
          ) : (
            <VerdictLine
              violations={violations}
              lang={lang}
              width={columns}
              unreadable={!judged.verdict}
              maxRows={verdictRoom}
              more={(hidden) =>
                mode.kind === 'history'
                  ? verdictMore(hidden, lang)
                  : tr(SANDBOX_STRINGS.verdictWhole, lang)
              }
            />
          )}
        </Box>
      ) : null}
      {noteText !== '' ? (
        <Box flexShrink={0}>
          <Prose color="yellow">{noteText}</Prose>
        </Box>
      ) : null}
      {mode.kind === 'edit' || mode.kind === 'form' ? (
        // The form and the editor name their own keys, on the key bar's row: typing there is
        // text, not the list's keys.
        <Box flexShrink={0}>
          <Text dimColor wrap="truncate-end">
            {ellipsize(
              tr(SANDBOX_STRINGS[mode.kind === 'edit' ? 'editKeys' : 'formKeys'], lang),
              columns,
            )}
          </Text>
        </Box>
      ) : (
        <KeyBar
          hints={mode.kind === 'history' ? sandboxHistoryHints(lang) : sandboxHints(lang)}
          idle={mode.kind === 'history' ? [] : listIdle}
          width={columns}
        />
      )}
    </Box>
  );
}
