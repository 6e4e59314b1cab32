import founderHeroArt from '@/assets/art/founder-hero.svg';
import type { FounderMessageContent } from '@/content/types';

export const founderMessageContent: FounderMessageContent = {
  pageTitle: "Chairman's Message",
  // Home > About Us (/about/our_vision) > Chairman's Message.
  breadcrumb: [
    { label: 'Home', path: '/' },
    { label: 'About Us', path: '/about/our_vision' },
    { label: "Chairman's Message" },
  ],
  banner: {
    headline: "Chairman's Message",
    text: 'Why we started, what we have learnt and where we are going.',
    image: founderHeroArt,
    imageAlt: 'A leader at a desk beside a bookshelf, with large quotation marks',
  },
  pullQuote: 'Tell the client the truth about the property, even when it costs us the deal.',
  message: {
    heading: 'A note from our founder',
    paragraphs: [
      'Dear friends,',
      'I started Fidelitus in 2014 after more than a decade of watching businesses sign leases they did not understand, for buildings that did not suit them, on the advice of people who were paid only when the ink dried. I believed there was room for an adviser who would be paid for being right rather than for being quick. Our first rule was written on a whiteboard in a small office in Rajajinagar: tell the client the truth about the property, even when it costs us the deal.',
      'That rule cost us deals in the first year. It also won us clients for life. The start-up we talked out of an overpriced floor came back two years later for an office three times the size, and asked us to design it too. That is how Fidelitus Projects began, and Fidelitus FMS and Fidelitus HR Labs followed in the same way: each one started because a client we had served well asked us for more.',
      'Growing from one company to four has taught me that the hardest part of any service is the hand-over. The broker hands over to the designer, the designer to the contractor, the contractor to the facility team, and at every step something is lost. Our whole group is organised to remove those hand-overs. The same client record, the same relationship manager and the same values travel with you from the first site visit onwards.',
      'Our people are the reason this works. More than 700 colleagues now wear the Fidelitus badge, and many of them joined us as freshers. I am proudest not of the buildings we have filled but of the careers that have grown here, and of the colleagues who now lead teams larger than the whole company was when they joined.',
      'We have also tried to remember that a business is part of a city. Through Shilpa Foundation we support schools, health camps and green spaces, and Fidelitus Gallery gives a quarter of every sale to that work. These are not side projects for us; they are part of why we come to work.',
      'Thank you to every client, landlord, partner and colleague who has trusted us over these eleven years. The next decade will bring new cities, new services and new ways of working. Our promise will stay the same.',
    ],
  },
};
