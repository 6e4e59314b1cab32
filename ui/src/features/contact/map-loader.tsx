import { useState } from 'preact/hooks';
import { Icon } from '@/components/icon';
import { LazyImage } from '@/components/lazy-image';

export interface MapLoaderProps {
  /** Google's embed of the office's place. */
  embedUrl: string;
  title: string;
  facadeImage: string;
  facadeAlt: string;
  loadLabel: string;
  /** Ties the picture and the button's words to their fields in a preview of the page editor. */
  imageField?: Record<string, string>;
  labelField?: Record<string, string>;
}

/** The local picture with its button, and Google's embed in its place once asked for. */
export function MapLoader({
  embedUrl,
  title,
  facadeImage,
  facadeAlt,
  loadLabel,
  imageField,
  labelField,
}: MapLoaderProps) {
  const [loaded, setLoaded] = useState(false);
  if (loaded) {
    return (
      <iframe
        class="map-facade__frame"
        src={embedUrl}
        title={title}
        width={1200}
        height={600}
        loading="lazy"
        referrerpolicy="no-referrer-when-downgrade"
      />
    );
  }
  return (
    <div class="map-facade__poster">
      <LazyImage src={facadeImage} alt={facadeAlt} width={1200} height={600} {...imageField} />
      <button
        type="button"
        class="action-button action-button--light map-facade__load"
        onClick={() => setLoaded(true)}
      >
        <Icon name="map-pin" size={18} />
        <span {...labelField}>{loadLabel}</span>
      </button>
    </div>
  );
}
