import type { Dayjs } from 'dayjs';

/** A Beijing day as the server reads it (`fromDay`, `toDay`, `day`). */
export const DAY_FORMAT = 'YYYY-MM-DD';

/** A range picker's value: either end may be left open. */
export type DayRange = [Dayjs | null, Dayjs | null] | null | undefined;

/** A picked day as the server's `YYYY-MM-DD`; undefined when none. */
export const dayText = (day: Dayjs | null | undefined) => day?.format(DAY_FORMAT);
