import type { Key } from 'ink';
import { useRef } from 'react';
import type { Lang } from '../i18n/lang.js';
import { MenuScreen } from './components/menu-screen.js';
import { actionsFor, keyHints, keyNames, MENU_KEYS } from './keymap.js';
import type { MenuData } from './menu-items.js';
import { useKeyRoute } from './use-key-route.js';
import type { KeyRoute } from './use-key-router.js';
import { useTerminalSize } from './use-terminal-size.js';

export type LessonMenuProps = {
  readonly menu: MenuData;
  readonly selected: number;
  readonly loading: boolean;
  readonly notice: string | null;
  readonly lang: Lang;
  readonly onSelect: (index: number) => void;
  readonly onOpen: (id: string) => void;
  readonly onQuit: () => void;
  /** The app's key route (see useKeyRouter). */
  readonly route: KeyRoute;
};

/** The menu's keys: ↑/↓ (j/k) choose, g/Home and G/End the first and last, Enter opens, q quits. */
export function LessonMenu(props: LessonMenuProps) {
  const { menu, selected, loading, notice, lang, onSelect, onOpen, onQuit, route } = props;
  const { rows, columns } = useTerminalSize();
  // Several keys may come before the next render: count from the latest choice, not the prop.
  const current = useRef(selected);
  current.current = selected;
  useKeyRoute(route, (input: string, key: Key) => {
    let at = current.current;
    const choose = () => {
      if (at === current.current) return;
      current.current = at;
      onSelect(at);
    };
    for (const action of actionsFor(MENU_KEYS, keyNames(input, key))) {
      if (action === 'quit') return onQuit();
      if (action === 'up') at = Math.max(0, at - 1);
      if (action === 'down') at = Math.min(menu.lessons.length - 1, at + 1);
      if (action === 'first') at = 0;
      if (action === 'last') at = Math.max(0, menu.lessons.length - 1);
      if (action === 'open') {
        choose(); // keys in the same burst as Enter moved the choice: keep it for coming back
        const lesson = menu.lessons[at];
        if (lesson && !loading) onOpen(lesson.id);
        return;
      }
    }
    choose();
  });
  return (
    <MenuScreen
      menu={menu}
      selected={selected}
      loading={loading}
      notice={notice}
      hints={keyHints(MENU_KEYS, lang)}
      lang={lang}
      rows={rows}
      columns={columns}
    />
  );
}
