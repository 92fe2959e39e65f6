// The star drawn by the rating steps (React's StarIcon and the HTML's first paint): its outline and colours.
export const SCORES = [1, 2, 3, 4, 5] as const;

export const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

export const starPaint = (filled: boolean) => ({
  fill: filled ? '#f5a524' : 'none',
  stroke: filled ? '#c77d02' : '#6b7280',
});
