interface ImageCard {
  id: string;
  image: string;
  heading: string;
  description: string;
}

/** Four-up cards of a decorative picture, a heading and a line (HR offerings, why choose us). */
export function ImageCardGrid({ items }: { items: readonly ImageCard[] }) {
  return (
    <ul class="card-grid card-grid--4">
      {items.map((item) => (
        <li key={item.id} class="card image-card" data-animate>
          <img
            class="image-card__image"
            src={item.image}
            alt=""
            width={600}
            height={400}
            loading="lazy"
            decoding="async"
          />
          <div class="image-card__body">
            <h3 class="image-card__title">{item.heading}</h3>
            <p>{item.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
