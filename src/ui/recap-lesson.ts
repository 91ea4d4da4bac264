import { createContext } from 'react';

/**
 * The id of the lesson on screen, for the recap's "try it yourself" line (the sandbox at the
 * lesson's last state); null when what is shown is no lesson of the course.
 */
export const RecapLessonContext = createContext<string | null>(null);
