import { interfaceIconPaths } from '@/content/interface-icon-paths';
import type { IconGlyph, InterfaceIconId } from '@/content/types';
import { PureMarkup } from '@/lib/shared-markup';

export interface IconProps<Id extends string = InterfaceIconId> {
  name: Id;
  /** Pixel size of the square icon. */
  size?: number;
  class?: string;
  /** A label makes the icon an image for screen readers; without one it is decoration. */
  label?: string;
}

/**
 * One of our own inline SVG icons of the frame and controls (no icon font, nothing to
 * download); a drawing the content names (a value's, a stat's) is `DrawnIcon`
 * (`drawn-icon.tsx`), so an island that shows a menu carries only these.
 */
export function Icon(props: IconProps) {
  return <IconSvg glyph={interfaceIconPaths[props.name]} {...props} />;
}

/** An icon's SVG from its glyph (`Icon`, `DrawnIcon`). */
export function IconSvg({
  name,
  glyph,
  size = 24,
  class: className,
  label,
}: IconProps<string> & { glyph: IconGlyph }) {
  const stroke = glyph.style === 'stroke';
  // The server writes each icon's markup once (lib/shared-markup.tsx): an SVG's attributes
  // are a good part of a page's render in its engine.
  return (
    <PureMarkup name={JSON.stringify([name, size, className, label])}>
      <svg
        class={className ? `icon ${className}` : 'icon'}
        width={size}
        height={size}
        viewBox="0 0 24 24"
        role={label ? 'img' : undefined}
        aria-label={label}
        aria-hidden={label ? undefined : 'true'}
        focusable="false"
      >
        <path
          d={glyph.d}
          fill={stroke ? 'none' : 'currentColor'}
          fill-rule={glyph.fillRule}
          stroke={stroke ? 'currentColor' : undefined}
          stroke-width={stroke ? 2 : undefined}
          stroke-linecap={stroke ? 'round' : undefined}
          stroke-linejoin={stroke ? 'round' : undefined}
        />
      </svg>
    </PureMarkup>
  );
}
