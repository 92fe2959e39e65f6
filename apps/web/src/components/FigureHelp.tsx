// One-line explanations of the derived figures (adjusted average, CSAT, rating rate…): a small "?" button beside the
// figure's name that shows the line on hover, on tap and on keyboard focus, and gives it to screen readers as the
// button's description, so nothing is only in a hover tooltip.
import { Box, chakra, Popover, Portal, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { noRouteAttrs } from '@/lib/actions';

export const FIGURE_HELP = {
  adjustedAverage: {
    label: 'Adjusted average',
    text: 'The average out of 5, pulled towards your business average until there are enough ratings, so a few 5★ cannot top the table.',
  },
  average: { label: 'Raw average', text: 'The plain mean of the star ratings (1 to 5) in the period.' },
  csat: { label: 'CSAT', text: 'Customer satisfaction: the share of ratings with 4 or 5 stars.' },
  happy: { label: '% happy', text: 'The share of ratings with 4 or 5 stars (the same as CSAT).' },
  ratingRate: {
    label: 'Rating rate',
    text: 'Ratings divided by visits (QR code scans) in the period, as a percentage.',
  },
  trend: { label: 'Trend', text: 'The change in average against the previous period of the same length.' },
  outsideShift: {
    label: 'Outside shift',
    text: 'The person rated was not on the rota at that time; the rating still counts, but is worth a check.',
  },
  shiftExperience: {
    label: 'Shift experience',
    text: 'Experience ratings given at their store while they were on shift; not part of their own average.',
  },
  visits: { label: 'Visits', text: "Times a customer opened the store's QR page." },
  socialClicks: { label: 'Social clicks', text: 'Taps on your review and social media links after rating.' },
  medianFirstResponse: {
    label: 'Median first response',
    text: 'The middle time from a case opening to its first response: half of the cases were answered faster.',
  },
  medianResolution: {
    label: 'Median resolution',
    text: 'The middle time from a case opening to its resolution: half of the resolved cases were put right faster.',
  },
  withinSla: {
    label: '% within SLA',
    text: 'The share of resolved cases resolved by their due time (set per priority in the case settings).',
  },
  recoveryRate: {
    label: 'Recovery rate',
    text: 'The share of customers who answered "yes" when asked after resolution whether it was put right.',
  },
  topRootCause: {
    label: 'Top root cause',
    text: 'The root cause chosen most often when resolving cases in the period.',
  },
} as const;
export type TFigure = keyof typeof FIGURE_HELP;

/** The "?" button for one figure; `label` overrides the figure's usual name in the button's accessible name. */
export function FigureHelp({ figure, label }: { figure: TFigure; label?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { text } = FIGURE_HELP[figure];
  const name = label ?? FIGURE_HELP[figure].label;
  return (
    <Popover.Root
      open={open}
      onOpenChange={(d) => setOpen(d.open)}
      autoFocus={false}
      lazyMount
      unmountOnExit
      positioning={{ placement: 'top' }}
    >
      <Popover.Anchor asChild>
        <chakra.button
          type="button"
          {...noRouteAttrs}
          aria-label={`What is ${name}?`}
          aria-describedby={`${id}-text`}
          aria-expanded={open}
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          verticalAlign="middle"
          flexShrink={0}
          mx="0.5"
          rounded="full"
          borderWidth="1.5px"
          borderColor="currentColor"
          fontSize="11px"
          fontWeight="bold"
          lineHeight="1"
          // A drawn "?" rather than an icon (no icon module joins the shared chunk every page loads), and as CSS
          // content it is no part of the figure's text.
          _before={{ content: '"?"' }}
          boxSize="4"
          color="fg.muted"
          cursor="help"
          _hover={{ color: 'fg' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', color: 'fg' }}
          // Tap or click shows it (and keeps it until a tap elsewhere or Escape); a mouse shows it while over it.
          onClick={() => setOpen(true)}
          onPointerEnter={(e) => e.pointerType === 'mouse' && setOpen(true)}
          onPointerLeave={(e) => e.pointerType === 'mouse' && setOpen(false)}
          onFocus={(e) => focusedByKeyboard(e.currentTarget) && setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        />
      </Popover.Anchor>
      <Portal>
        {/* The screen reader's copy, outside the figure's cell or card so it never reads as part of the figure. */}
        <Text as="span" id={`${id}-text`} srOnly>
          {text}
        </Text>
      </Portal>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="18rem" aria-label={`About ${name}`} data-testid="figure-help">
            <Popover.Arrow />
            <Popover.Body px="3" py="2">
              <Text fontSize="sm" fontWeight="normal" whiteSpace="normal" textAlign="start">
                {text}
              </Text>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** A figure's name with its "?" beside it, for headers and labels. */
export function FigureName({ figure, children }: { figure: TFigure; children?: ReactNode }) {
  return (
    <Box as="span" display="inline-flex" alignItems="center" gap="1">
      {children ?? FIGURE_HELP[figure].label}
      <FigureHelp figure={figure} />
    </Box>
  );
}

function focusedByKeyboard(el: Element): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true;
  }
}
