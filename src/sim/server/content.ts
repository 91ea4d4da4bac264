import type { Prompt, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { ownTable } from '../../protocol/json.js';
import { cityNamed, WEATHER_CITIES } from '../tools/weather.js';

/** The weather tool's cities in alphabetical order: the stations, and what completion offers. */
const CITIES = [...WEATHER_CITIES].sort();

/** The simulated server's resources, templates and prompts: small, fixed, and in both languages. */
export const RESOURCES: readonly (Resource & { readonly text: string })[] = [
  {
    uri: 'file:///project/README.md',
    name: 'README.md',
    title: 'Project README',
    description: 'What the sample project is about',
    mimeType: 'text/markdown',
    text: '# Weather desk\n\nA tiny project that answers weather questions through MCP tools.\n',
  },
  {
    uri: 'file:///project/notes.txt',
    name: 'notes.txt',
    title: 'Meeting notes',
    description: 'Notes that change during the lesson (subscribe to see updates)',
    mimeType: 'text/plain',
    text: 'Monday: agreed to add a forecast tool.\n',
  },
  {
    uri: 'weather://stations',
    name: 'stations',
    title: 'Weather stations',
    description: 'The cities the weather tools know',
    mimeType: 'application/json',
    text: JSON.stringify(WEATHER_CITIES),
  },
];

export const RESOURCE_TEMPLATES: readonly ResourceTemplate[] = [
  {
    uriTemplate: 'weather://forecast/{city}',
    name: 'forecast',
    title: 'Three-day forecast',
    description: 'A deterministic three-day forecast for a city',
    mimeType: 'text/plain',
  },
];

export const PROMPTS: readonly Prompt[] = [
  {
    name: 'weather_report',
    title: 'Weather report',
    description: 'Write a short weather report for a city',
    arguments: [
      { name: 'location', description: 'The city', required: true },
      { name: 'style', description: 'brief or detailed', required: false },
    ],
  },
  {
    name: 'explain_sql',
    title: 'Explain a SQL query',
    description: 'Explain what a SELECT statement does, step by step',
    arguments: [{ name: 'query', description: 'The SQL to explain', required: true }],
  },
];

/** Completion values per prompt argument (completion/complete). */
export const COMPLETIONS: Readonly<Record<string, readonly string[]>> = ownTable({
  'weather_report.location': CITIES,
  'weather_report.style': ['brief', 'detailed'],
  'forecast.city': CITIES,
});

const FORECAST = ['sunny', 'cloudy', 'light rain', 'windy', 'clear'];

/**
 * Reads a concrete URI, including instances of the forecast template for the cities the weather
 * tool knows; undefined if unknown (the server answers -32002).
 */
/** A file that appears in the project during a session (`do: add-resource`): the list changes. */
export const ADDED_RESOURCE: Resource & { readonly text: string } = {
  uri: 'file:///project/TODO.md',
  name: 'TODO.md',
  title: 'To do',
  description: 'What is left to build in the sample project',
  mimeType: 'text/markdown',
  text: '# To do\n\n- A forecast tool\n- Alerts for storms\n',
};

/**
 * A resource's text. The notes change: `notesVersion` updates a lesson made, then the lines a
 * client added with `add_note` (serve).
 */
export function readResource(
  uri: string,
  notesVersion: number,
  added: readonly string[] = [],
): string | undefined {
  if (uri === 'file:///project/notes.txt') {
    const lines = ['Monday: agreed to add a forecast tool.'];
    for (let v = 1; v <= notesVersion; v++) lines.push(`Update ${v}: the calculator tool is live.`);
    return `${[...lines, ...added].join('\n')}\n`;
  }
  const fixed = RESOURCES.find((r) => r.uri === uri);
  if (fixed) return fixed.text;
  const match = /^weather:\/\/forecast\/(.+)$/.exec(uri);
  if (match?.[1]) {
    const city = cityNamed(safeDecode(match[1]));
    if (city === undefined) return undefined;
    const seed = [...city].reduce((sum, ch) => sum + (ch.codePointAt(0) ?? 0), 0);
    const days = ['today', 'tomorrow', 'the day after'].map(
      (day, i) => `${day}: ${FORECAST[(seed + i) % FORECAST.length]}`,
    );
    return `Forecast for ${city}\n${days.join('\n')}\n`;
  }
  return undefined;
}

/** A URI segment decoded; a malformed escape is kept as it is (and then names no city). */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
