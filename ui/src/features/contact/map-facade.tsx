import { useState } from 'preact/hooks';
import { NewTabLink } from '@/components/external-link';
import { Icon } from '@/components/icon';
import { LazyImage } from '@/components/lazy-image';
import { contactContent } from '@/content/contact';
import { companyDetails, mapUrls } from '@/lib/company-details';
import { edited, fieldOf } from '@/lib/page-fields';

/**
 * A local picture of the map with a plain link; Google's embed loads only when asked for,
 * so the page works offline and makes no third-party request on its own.
 */
export function MapFacade() {
  const { map } = edited('contact', 'contactContent', contactContent);
  const { embedUrl, openUrl } = mapUrls(companyDetails().map_location);
  const [loaded, setLoaded] = useState(false);
  return (
    <figure class="map-facade">
      {loaded ? (
        <iframe
          class="map-facade__frame"
          src={embedUrl}
          title={map.title}
          width={1200}
          height={600}
          loading="lazy"
          referrerpolicy="no-referrer-when-downgrade"
        />
      ) : (
        <div class="map-facade__poster">
          <LazyImage
            src={map.facadeImage}
            alt={map.facadeAlt}
            width={1200}
            height={600}
            {...fieldOf('contactContent.map.facadeImage')}
          />
          <button
            type="button"
            class="action-button action-button--light map-facade__load"
            onClick={() => setLoaded(true)}
          >
            <Icon name="map-pin" size={18} />
            <span {...fieldOf('contactContent.map.loadLabel')}>{map.loadLabel}</span>
          </button>
        </div>
      )}
      <figcaption class="map-facade__caption">
        <NewTabLink href={openUrl}>
          <span {...fieldOf('contactContent.map.openLabel')}>{map.openLabel}</span>
        </NewTabLink>
      </figcaption>
    </figure>
  );
}
