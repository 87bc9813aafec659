import { Box, Text } from 'ink';
import type { LoadingStatus } from '../feed.js';
import { oneLine } from '../format.js';

export interface LoadingProps {
  readonly status: LoadingStatus | undefined;
  readonly spinner: string;
  readonly height: number;
}

/** While evidence loads: what is being collected, and how many objects so far on big clusters. */
export function Loading({ status, spinner, height }: LoadingProps): React.JSX.Element {
  const what = oneLine(status?.what ?? 'collecting evidence');
  const count = status?.count === undefined ? '' : ` (${status.count.toLocaleString('en-US')} objects read)`;
  return (
    <Box height={height} flexDirection="column">
      <Text wrap="truncate-end">
        {spinner} {what}
        {count}…
      </Text>
    </Box>
  );
}
