import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { PureTool } from './types.js';

export type WeatherUnits = 'metric' | 'imperial';

type CityWeather = {
  readonly name: string;
  /** Other spellings a user may type, already lower-case: the Chinese names among them. */
  readonly aliases: readonly string[];
  readonly celsius: number;
  readonly condition: string;
  readonly humidity: number;
  readonly windKmh: number;
};

/** Fixed readings, so the same call always gets the same answer in lessons and traces. */
const CITIES: readonly CityWeather[] = [
  {
    name: 'San Francisco',
    aliases: ['sf', '旧金山'],
    celsius: 20,
    condition: 'partly cloudy',
    humidity: 72,
    windKmh: 19,
  },
  {
    name: 'London',
    aliases: ['伦敦'],
    celsius: 14,
    condition: 'light rain',
    humidity: 81,
    windKmh: 22,
  },
  {
    name: 'Beijing',
    aliases: ['北京'],
    celsius: 26,
    condition: 'sunny',
    humidity: 38,
    windKmh: 11,
  },
  {
    name: 'Shanghai',
    aliases: ['上海'],
    celsius: 28,
    condition: 'overcast',
    humidity: 77,
    windKmh: 15,
  },
  {
    name: 'Tokyo',
    aliases: ['东京', '東京'],
    celsius: 23,
    condition: 'clear',
    humidity: 60,
    windKmh: 9,
  },
  { name: 'Paris', aliases: ['巴黎'], celsius: 18, condition: 'cloudy', humidity: 65, windKmh: 13 },
  {
    name: 'New York',
    aliases: ['new york city', 'nyc', '纽约'],
    celsius: 24,
    condition: 'sunny',
    humidity: 55,
    windKmh: 17,
  },
  {
    name: 'Sydney',
    aliases: ['悉尼'],
    celsius: 17,
    condition: 'showers',
    humidity: 70,
    windKmh: 28,
  },
  {
    name: 'Lisbon',
    aliases: ['里斯本'],
    celsius: 25,
    condition: 'sunny',
    humidity: 50,
    windKmh: 20,
  },
  {
    name: 'Nairobi',
    aliases: ['内罗毕'],
    celsius: 22,
    condition: 'partly cloudy',
    humidity: 58,
    windKmh: 14,
  },
];

/** Lower-cased with runs of whitespace collapsed, so "  new   YORK " finds New York. */
const normalise = (location: string): string => location.trim().replace(/\s+/g, ' ').toLowerCase();

const BY_NAME: ReadonlyMap<string, CityWeather> = new Map(
  CITIES.flatMap((city) => [
    [normalise(city.name), city] as const,
    ...city.aliases.map((alias) => [normalise(alias), city] as const),
  ]),
);

/** The cities the weather tool knows, as it names them. */
export const WEATHER_CITIES: readonly string[] = CITIES.map((city) => city.name);

/** The city a location names (any case, spacing or alias), as the tool names it. */
export function cityNamed(location: string): string | undefined {
  return BY_NAME.get(normalise(location))?.name;
}

const KNOWN_LOCATIONS = WEATHER_CITIES.join(', ');

const KMH_PER_MPH = 1.609344;

const failure = (text: string): CallToolResult => ({
  content: [{ type: 'text', text }],
  isError: true,
});

export const weatherTool: PureTool = {
  definition: {
    name: 'weather_current',
    title: 'Current weather',
    description: `Gets the current weather (temperature, condition, humidity, wind) for a city. The data is simulated and fixed; known locations: ${KNOWN_LOCATIONS}.`,
    inputSchema: {
      type: 'object',
      properties: {
        location: {
          type: 'string',
          description: 'City name, e.g. "London" or "北京"; case does not matter.',
        },
        units: {
          type: 'string',
          enum: ['metric', 'imperial'],
          default: 'metric',
          description: 'metric: °C and km/h; imperial: °F and mph.',
        },
      },
      required: ['location'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        location: { type: 'string' },
        temperature: { type: 'number', description: '°C for metric units, °F for imperial.' },
        units: { type: 'string', enum: ['metric', 'imperial'] },
        condition: { type: 'string' },
        humidity: { type: 'number', description: 'Relative humidity in percent.' },
        wind: {
          type: 'number',
          description: 'Wind speed in km/h for metric units, mph for imperial.',
        },
      },
      required: ['location', 'temperature', 'units', 'condition', 'humidity', 'wind'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },

  run(args) {
    const unexpected = Object.keys(args).filter((key) => key !== 'location' && key !== 'units');
    if (unexpected.length > 0) {
      return failure(
        `Unexpected argument ${unexpected.join(', ')}: weather_current takes only location and units.`,
      );
    }
    const { location, units = 'metric' } = args;
    if (typeof location !== 'string' || location.trim() === '') {
      return failure('The location argument is required and must be a non-empty string.');
    }
    if (units !== 'metric' && units !== 'imperial') {
      return failure(
        `The units argument must be "metric" or "imperial"; got ${JSON.stringify(units)}.`,
      );
    }
    const city = BY_NAME.get(normalise(location));
    if (city === undefined) {
      return failure(
        `No weather data for ${location.trim().replace(/\s+/g, ' ')}; known locations: ${KNOWN_LOCATIONS}.`,
      );
    }

    const imperial = units === 'imperial';
    const temperature = imperial ? Math.round((city.celsius * 9) / 5 + 32) : city.celsius;
    const wind = imperial ? Math.round(city.windKmh / KMH_PER_MPH) : city.windKmh;
    const structuredContent = {
      location: city.name,
      temperature,
      units,
      condition: city.condition,
      humidity: city.humidity,
      wind,
    };
    const summary = `Current weather in ${city.name}: ${temperature}°${imperial ? 'F' : 'C'}, ${city.condition}, humidity ${city.humidity}%, wind ${wind} ${imperial ? 'mph' : 'km/h'}`;
    return {
      content: [
        { type: 'text', text: summary },
        // Server › Tools › Structured Content: the same JSON as text, for clients that predate it.
        { type: 'text', text: JSON.stringify(structuredContent) },
      ],
      structuredContent,
    };
  },
};
