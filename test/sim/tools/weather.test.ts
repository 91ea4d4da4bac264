import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { weatherTool } from '../../../src/sim/tools/weather.js';
import { firstText, toolHarness, validator } from './harness.js';

const { definition } = weatherTool;
const { call, expectError } = toolHarness(weatherTool);

describe('weather_current definition', () => {
  it('is a valid MCP Tool with a title, description and object output schema', () => {
    expect(ToolSchema.safeParse(definition).success).toBe(true);
    expect(definition.name).toBe('weather_current');
    expect(definition.title).toBeTruthy();
    expect(definition.description).toContain('London');
    expect(definition.outputSchema?.type).toBe('object');
  });

  it('its input schema matches what run accepts', () => {
    const input = validator(definition.inputSchema);
    expect(input({ location: 'Paris' }).valid).toBe(true);
    expect(input({ location: 'Paris', units: 'imperial' }).valid).toBe(true);
    expect(input({ location: 'Paris', units: 'kelvin' }).valid).toBe(false);
    expect(input({ units: 'metric' }).valid).toBe(false);
  });
});

describe('weather_current', () => {
  it('reports metric weather by default', () => {
    const result = call({ location: 'San Francisco' });
    expect(result.isError).toBeFalsy();
    expect(firstText(result)).toBe(
      'Current weather in San Francisco: 20°C, partly cloudy, humidity 72%, wind 19 km/h',
    );
    expect(result.structuredContent).toEqual({
      location: 'San Francisco',
      temperature: 20,
      units: 'metric',
      condition: 'partly cloudy',
      humidity: 72,
      wind: 19,
    });
  });

  it('converts to °F and mph, rounded, for imperial units', () => {
    const result = call({ location: 'San Francisco', units: 'imperial' });
    expect(firstText(result)).toBe(
      'Current weather in San Francisco: 68°F, partly cloudy, humidity 72%, wind 12 mph',
    );
    expect(result.structuredContent).toMatchObject({
      temperature: 68,
      units: 'imperial',
      wind: 12,
    });
    // London: 14 °C = 57.2 °F → 57; 22 km/h = 13.67 mph → 14.
    expect(call({ location: 'London', units: 'imperial' }).structuredContent).toMatchObject({
      temperature: 57,
      wind: 14,
    });
  });

  it('matches locations case-insensitively, trimmed, with collapsed spaces', () => {
    for (const location of ['london', '  LONDON ', 'London']) {
      expect(call({ location }).structuredContent).toMatchObject({ location: 'London' });
    }
    expect(call({ location: ' new   YORK ' }).structuredContent).toMatchObject({
      location: 'New York',
    });
  });

  it('accepts Chinese names for Beijing, Shanghai and Tokyo', () => {
    expect(call({ location: '北京' }).structuredContent).toMatchObject({ location: 'Beijing' });
    expect(call({ location: ' 上海 ' }).structuredContent).toMatchObject({ location: 'Shanghai' });
    expect(call({ location: '东京' }).structuredContent).toMatchObject({ location: 'Tokyo' });
  });

  it('knows about ten well-known cities', () => {
    for (const location of [
      'San Francisco',
      'London',
      'Beijing',
      'Shanghai',
      'Tokyo',
      'Paris',
      'New York',
      'Sydney',
      'Lisbon',
      'Nairobi',
    ]) {
      const result = call({ location });
      expect(result.isError, location).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ location });
    }
  });

  it('says which locations it knows when asked about another', () => {
    expectError(
      { location: 'Atlantis' },
      /^No weather data for Atlantis; known locations: San Francisco, London, .*Nairobi\.$/,
    );
    expectError({ location: 'Atlantis\nCity' }, /^No weather data for Atlantis City;/);
  });

  it('refuses bad arguments', () => {
    expectError({}, /location argument is required/);
    expectError({ location: '  ' }, /location argument is required/);
    expectError({ location: 7 }, /must be a non-empty string/);
    expectError(
      { location: 'Paris', units: 'kelvin' },
      /units argument must be "metric" or "imperial"; got "kelvin"/,
    );
    expectError({ location: 'Paris', units: null }, /got null/);
    expectError({ location: 'Paris', days: 3 }, /Unexpected argument days/);
  });

  it('is deterministic', () => {
    const args = [
      { location: 'Tokyo' },
      { location: 'Tokyo', units: 'imperial' },
      { location: '?' },
    ];
    expect(args.map(call)).toEqual(args.map(call));
  });
});
