// A comment's sentiment as a small coloured chip with a face, named in words (never colour alone).
import { Badge } from '@chakra-ui/react';
import type { TSentiment, TSentimentLabel } from '@cx/contracts';
import { LuFrown, LuMeh, LuSmile } from 'react-icons/lu';

export const SENTIMENT_NAMES: Record<TSentimentLabel, string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
};

const LOOK = {
  positive: { colorPalette: 'green', Icon: LuSmile },
  neutral: { colorPalette: 'gray', Icon: LuMeh },
  negative: { colorPalette: 'red', Icon: LuFrown },
} as const;

export function SentimentBadge({ sentiment }: { sentiment: TSentiment }) {
  const { colorPalette, Icon } = LOOK[sentiment.label];
  return (
    <Badge
      colorPalette={colorPalette}
      variant="subtle"
      title={`Sentiment score ${sentiment.score.toFixed(2)} (−1 to 1)`}
    >
      <Icon aria-hidden /> {SENTIMENT_NAMES[sentiment.label]}
    </Badge>
  );
}
