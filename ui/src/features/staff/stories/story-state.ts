import { formatTime } from '@/features/staff/shell/staff-format';
import type { StoryLine } from './story-api';

export const stateLabels: Record<StoryLine['state'], string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

/** "Scheduled for 24 Nov 2026, 09:30", in the reader's own time zone. */
export function stateText(line: Pick<StoryLine, 'state' | 'publish_at'>): string {
  if (line.state === 'scheduled' && line.publish_at) return `Scheduled for ${formatTime(line.publish_at)}`;
  return stateLabels[line.state];
}
