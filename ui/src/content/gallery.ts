import galleryHeroArt from '@/assets/art/gallery-hero.svg';
import { gallerySite } from '@/content/site';
import type { GalleryPage } from '@/content/types';

export const galleryPage: GalleryPage = {
  title: 'Art & Media',
  breadcrumb: [{ label: 'Home', path: '/' }, { label: 'Art & Media' }],
  banner: {
    headline: 'Fidelitus Gallery: art that gives back',
    text: 'Contemporary Indian art, exhibitions and art consulting since 2014. A quarter of every sale funds the work of Shilpa Foundation.',
    image: galleryHeroArt,
    imageAlt: 'A lit gallery wall of framed abstract artworks with visitors and a sculpture',
  },
  established: 2014,
  foundationSharePercent: 25,
  sections: [
    {
      id: 'about-the-gallery',
      heading: 'About the gallery',
      paragraphs: [
        'Fidelitus Gallery was established in 2014 as the Art & Media wing of the group. It began as a wall of paintings in our Bengaluru head office, chosen to give visiting clients something better to look at than a waiting-room print, and grew into a gallery with its own exhibition calendar.',
        'We champion emerging and mid-career artists, especially those working outside the big metropolitan art markets, and we pay them fairly and promptly for every work sold.',
      ],
    },
    {
      id: 'what-we-exhibit',
      heading: 'What we exhibit',
      paragraphs: ['Our collection and exhibitions cover a wide range of media.'],
      points: [
        {
          id: 'painting',
          heading: 'Painting',
          description: 'Oil, acrylic, watercolour and mixed media, from figurative work to abstraction.',
        },
        {
          id: 'sculpture',
          heading: 'Sculpture',
          description: 'Bronze, stone, wood and metal pieces for homes, lobbies and gardens.',
        },
        {
          id: 'photography',
          heading: 'Photography',
          description: 'Limited-edition prints of landscapes, architecture and street life.',
        },
        {
          id: 'traditional-art',
          heading: 'Traditional art',
          description: 'Mysuru and Tanjore paintings, Madhubani, Gond and other living traditions.',
        },
        {
          id: 'digital-media',
          heading: 'Digital and new media',
          description: 'Video, digital prints and installations by young artists.',
        },
      ],
    },
    {
      id: 'art-for-workplaces',
      heading: 'Art for workplaces',
      paragraphs: [
        'Working with Fidelitus Projects, our curators select and install art for offices, hotels and hospitals, matched to the space, the brand and the budget. Corporate clients can buy or lease works, and we rotate leased pieces so the walls stay fresh.',
      ],
    },
    {
      id: 'art-that-gives-back',
      heading: 'Art that gives back',
      paragraphs: [
        'Twenty-five per cent of every sale goes to Shilpa Foundation and funds its programmes in education, the environment and healthcare. When you buy a work from Fidelitus Gallery, you support an artist and a community at the same time.',
      ],
    },
  ],
  visit: {
    heading: 'Visit or buy',
    steps: [
      {
        id: 'visit',
        heading: 'Visit the gallery',
        description: 'Open Tuesday to Sunday, 11 am to 7 pm, at our Bengaluru head office. Entry is free.',
      },
      {
        id: 'exhibitions',
        heading: 'Come to an exhibition',
        description: 'New shows open every six to eight weeks, each with an evening preview and artist talk.',
      },
      {
        id: 'buy',
        heading: 'Buy a work',
        description:
          'Reserve a piece at the gallery or on our website; we handle framing, delivery and installation.',
      },
      {
        id: 'commission',
        heading: 'Commission or consult',
        description: 'Ask our curators about commissions, corporate collections and art leasing.',
      },
    ],
  },
  externalSite: { label: 'Visit Fidelitus Gallery', url: gallerySite.url },
};

/** The figures strip under the gallery's banner. */
export const galleryFacts = [
  {
    id: 'established',
    figure: String(galleryPage.established),
    label: 'the year the gallery was established',
  },
  {
    id: 'foundation-share',
    figure: `${galleryPage.foundationSharePercent}%`,
    label: 'of every sale goes to Shilpa Foundation',
  },
  { id: 'media', figure: '5', label: 'media, from painting to digital art' },
] as const;

export const galleryLabels = {
  ctaHeading: 'See what is on the walls this month',
  ctaText: 'Current exhibitions, the online catalogue and artist profiles are on the gallery website.',
} as const;
