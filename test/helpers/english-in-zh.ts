/** An English word: letters only, lower case after the first, or all capitals (`MUST`). */
const WORD = /^(?:[A-Za-z][a-z’']*|[A-Z]+)$/;
/** Punctuation a word may carry at either end in running text. */
const EDGES = /^[([{“"'‘]+|[)\]}”"'’,.;:!?]+$/g;
/** Chinese characters and full-width punctuation: never part of an English phrase. */
const CJK = /[\p{Script=Han}\u3000-\u303F\uFF00-\uFFEF]+/gu;

/**
 * Runs of two or more English words in a Simplified Chinese text: prose a translation left in
 * English. Protocol identifiers (`tools/call`, `requestId`, `JSON-RPC`, `resources.subscribe`) are
 * single tokens, so they pass. Skipped: code spans and fenced blocks, inline JSON objects, spec
 * section names after `›` (identifiers), and each `allowed` phrase (`Streamable HTTP`, an error
 * name quoted from the wire).
 */
export function englishPhrases(text: string, allowed: readonly string[] = []): string[] {
  let rest = text
    .replace(/```[\s\S]*?```/g, '\n')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\{[^{}\n]*\}/g, ' ')
    // A heading may end in a parenthesised part of its own (mrtr's "Server Requirements (Basic
    // Workflow)"), or hold a colon (the tasks extension's "Streamable HTTP: Routing Headers").
    .replace(/› [A-Z][\w /-]*(?:: [A-Z][\w /-]*)?(?:\([A-Z][\w /-]*\))?/g, ' ');
  for (const phrase of allowed) rest = rest.split(phrase).join('\n');
  rest = rest.replace(CJK, ' 。 ');
  const found: string[] = [];
  for (const line of rest.split('\n')) {
    let run: string[] = [];
    const flush = () => {
      if (run.length >= 2) found.push(run.join(' '));
      run = [];
    };
    for (const token of line.split(/\s+/)) {
      const bare = token.replace(EDGES, '');
      if (bare !== '' && WORD.test(bare)) {
        run.push(bare);
        // A sentence's end closes the run: `foo. Bar` are two words of two phrases.
        if (/[.;:!?]$/.test(token)) flush();
      } else flush();
    }
    flush();
  }
  return found;
}

/**
 * The first run of English words in a Chinese text, outside what is quoted from the wire or the
 * learner's code (JSON strings, `code`): a case label or a word left untranslated. Undefined when
 * there is none. Identifiers (tools/list, data.supported, server-everything) are not words here.
 */
export function englishProse(zh: string): string | undefined {
  const unquoted = zh
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/“[^”\n]*”/g, '“”')
    .replace(/`[^`\n]*`/g, '``');
  return unquoted.match(/(?<![\w./-])[A-Za-z]{2,}(?: [A-Za-z]{2,})+(?![\w./-])/)?.[0];
}
