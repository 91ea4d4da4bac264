import { type Bilingual, type Lang, tr } from '../i18n/lang.js';
import { STRINGS } from '../i18n/strings.js';
import { visible } from '../protocol/visible.js';
import type { PlayerNotice } from './player-machine.js';

/** What `:` has typed so far, shown in the key bar's place; null when no number is being typed. */
export function jumpLine(lang: Lang, jump: string | null, count: number): string | null {
  return jump === null ? null : tr(STRINGS.jumpPrompt, lang, { typed: jump, count });
}

/** The news shown in the header after the title, most urgent first. */
export function statusLine(at: {
  readonly lang: Lang;
  readonly count: number;
  readonly notice: PlayerNotice | null;
  readonly resumed: number | null;
  readonly autoplay: number | 'paused' | null;
  readonly next: { readonly title: Bilingual } | 'end' | null;
}): string | null {
  const { lang } = at;
  if (at.notice !== null) return tr(STRINGS[at.notice], lang, { count: at.count });
  if (at.resumed !== null) {
    return tr(STRINGS.resumeNotice, lang, { step: at.resumed + 1, count: at.count });
  }
  if (at.autoplay === 'paused') return tr(STRINGS.autoplayPaused, lang);
  if (at.autoplay !== null) {
    return tr(STRINGS.autoplayCountdown, lang, {
      seconds: Math.max(1, Math.ceil(at.autoplay / 1000)),
    });
  }
  if (at.next === 'end') return tr(STRINGS.courseEnd, lang);
  if (at.next) return tr(STRINGS.nextLesson, lang, { title: visible(tr(at.next.title, lang)) });
  return null;
}
