import type { ComponentType } from 'preact';
import { NewTabLink } from '@/components/external-link';
import { contactContent } from '@/content/contact';
import { companyDetails, mapUrls } from '@/lib/company-details';
import { edited, fieldOf } from '@/lib/page-fields';
import { MapLoader, type MapLoaderProps } from './map-loader';

/**
 * A local picture of the map with a plain link; Google's embed loads only when asked for,
 * so the page works offline and makes no third-party request on its own. The picture and its
 * button are `Loader` (on a page of islands, the island `map-loader`), the rest stays as drawn.
 */
export function MapFacade({ Loader = MapLoader }: { Loader?: ComponentType<MapLoaderProps> }) {
  const { map } = edited('contact', 'contactContent', contactContent);
  const { embedUrl, openUrl } = mapUrls(companyDetails().map_location);
  return (
    <figure class="map-facade">
      <Loader
        embedUrl={embedUrl}
        title={map.title}
        facadeImage={map.facadeImage}
        facadeAlt={map.facadeAlt}
        loadLabel={map.loadLabel}
        imageField={fieldOf('contactContent.map.facadeImage')}
        labelField={fieldOf('contactContent.map.loadLabel')}
      />
      <figcaption class="map-facade__caption">
        <NewTabLink href={openUrl}>
          <span {...fieldOf('contactContent.map.openLabel')}>{map.openLabel}</span>
        </NewTabLink>
      </figcaption>
    </figure>
  );
}
