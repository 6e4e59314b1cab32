import { LazyImage } from '@/components/lazy-image';
import { fieldOf } from '@/lib/page-fields';

interface ImageCard {
  id: string;
  image: string;
  heading: string;
  description: string;
}

/** Four-up cards of a decorative picture, a heading and a line (HR offerings, why choose us). */
export function ImageCardGrid({ items, at = '' }: { items: readonly ImageCard[]; at?: string }) {
  return (
    <ul class="card-grid card-grid--4">
      {items.map((item, index) => (
        <li key={item.id} class="card image-card" data-animate>
          <LazyImage
            class="image-card__image"
            src={item.image}
            alt=""
            width={600}
            height={400}
            {...fieldOf(`${at}.${index}.image`)}
          />
          <div class="image-card__body">
            <h3 class="image-card__title" {...fieldOf(`${at}.${index}.heading`)}>
              {item.heading}
            </h3>
            <p {...fieldOf(`${at}.${index}.description`)}>{item.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
