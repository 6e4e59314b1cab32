import type { ImgHTMLAttributes } from 'preact';

type LazyImageProps = ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  /** What it shows; empty for a decorative picture. */
  alt: string;
  /** Its size, reserved before it arrives so nothing below it moves. */
  width: number;
  height: number;
};

/** A picture below the fold: fetched as it nears the view, decoded off the main thread. */
export function LazyImage({ alt, ...rest }: LazyImageProps) {
  return <img alt={alt} loading="lazy" decoding="async" {...rest} />;
}
