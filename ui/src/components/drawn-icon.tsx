import { iconPaths } from '@/content/icon-paths';
import type { IconId } from '@/content/types';
import { type IconProps, IconSvg } from './icon';

/** Any icon the site draws, by the id the content names (a core value's, a stat's, a perk's). */
export function DrawnIcon(props: IconProps<IconId>) {
  return <IconSvg glyph={iconPaths[props.name]} {...props} />;
}
