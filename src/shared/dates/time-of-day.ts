/**
 * A time of day as every staff screen types and shows it: HH:mm on a 24-hour clock, whatever the browser's
 * locale (a native time input draws "09:00 AM" in an English browser and clips "14:15" to "02:1").
 */

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * What a person typed, as HH:mm; null when it is no time of day. Takes `14:15`, `9:05`, `14.15`, `1415`, `905`
 * and a bare hour (`9`, `14`); seconds from the database (`14:15:00`) are dropped.
 */
export function parseTimeOfDay(text: string): string | null {
  const trimmed = text.trim();
  const match =
    /^(\d{1,2})[:.](\d{2})(?::\d{2})?$/.exec(trimmed) ??
    /^(\d{1,2})(\d{2})$/.exec(trimmed) ??
    /^(\d{1,2})()$/.exec(trimmed);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = match[2] === '' ? 0 : Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${pad(hours)}:${pad(minutes)}`;
}

/** Blank, or a time of day `parseTimeOfDay` reads. */
export const isTimeOfDayOrBlank = (text: string) => text.trim() === '' || parseTimeOfDay(text) !== null;
