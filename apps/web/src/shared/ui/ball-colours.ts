/** The racing cars' lane colours, car 1 to 10 (PK10 balls, the live race). */
export const PK10_LANE = [
  '#e6c619',
  '#1e88e5',
  '#4d4d4d',
  '#f57c00',
  '#26c6da',
  '#5e35b1',
  '#9e9e9e',
  '#e53935',
  '#8d3a1e',
  '#43a047',
] as const;

/** Six-mark balls ring in their wave's colour. */
export const WAVE_COLOUR = { 红波: '#e53935', 蓝波: '#1e88e5', 绿波: '#43a047' } as const;
