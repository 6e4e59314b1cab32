import { detailField, Field, Section, type SectionProps } from './settings-field';

const lines = (text: string) => text.split('\n');

/** The company's name, offices, phones, email, the place its map shows and its time zone. */
export function CompanySection(props: SectionProps) {
  const { form, errors, set } = props;
  const field = detailField(props);
  return (
    <Section id="settings-company" title="Company and contact">
      {field('company_name', 'Company name', { required: true })}
      <Field
        name="head_office"
        label="Head office address"
        hint="One line per address line."
        multiline
        value={form.head_office.join('\n')}
        errors={errors}
        onInput={(value) => set('head_office', lines(value))}
      />
      <Field
        name="usa_office"
        label="USA office address"
        hint="One line per address line."
        multiline
        value={form.usa_office.join('\n')}
        errors={errors}
        onInput={(value) => set('usa_office', lines(value))}
      />
      {field('phone', 'Phone', { type: 'tel', required: true })}
      {field('usa_phone', 'USA phone', { type: 'tel' })}
      {field('email', 'Email', { type: 'email', required: true })}
      {field('map_location', 'Map location', { hint: 'The place the contact page map shows.' })}
      {field('time_zone', 'Office time zone', {
        required: true,
        hint: 'A time zone name such as Asia/Kolkata or Europe/London. Exports and mails show times in it.',
      })}
    </Section>
  );
}

/** The group's sister companies' sites, the gallery's and the foundation's. */
export function GroupSitesSection(props: SectionProps) {
  const { form, errors, set } = props;
  const field = detailField(props);
  return (
    <Section id="settings-sites" title="Group websites">
      {(
        [
          ['transactions', 'Fidelitus Transactions'],
          ['projects', 'Fidelitus Projects'],
          ['fms', 'Fidelitus FMS'],
          ['hr_labs', 'Fidelitus HR Labs'],
        ] as const
      ).map(([key, label]) => (
        <Field
          key={key}
          name={`sister_sites.${key}`}
          label={label}
          type="url"
          value={form.sister_sites[key]}
          errors={errors}
          onInput={(url) => set('sister_sites', { ...form.sister_sites, [key]: url })}
        />
      ))}
      {field('gallery_url', 'Fidelitus Gallery', { type: 'url' })}
      {field('foundation_url', 'Shilpa Foundation', { type: 'url' })}
    </Section>
  );
}

/** The social icons' links, and the WhatsApp chat's number and greeting. */
export function SocialSection(props: SectionProps) {
  const { form, errors, set } = props;
  const field = detailField(props);
  return (
    <Section id="settings-social" title="Social links and WhatsApp">
      {(
        [
          ['facebook', 'Facebook'],
          ['instagram', 'Instagram'],
          ['linkedin', 'LinkedIn'],
          ['youtube', 'YouTube'],
        ] as const
      ).map(([key, label]) => (
        <Field
          key={key}
          name={`social.${key}`}
          label={label}
          type="url"
          hint={key === 'facebook' ? 'Leave a link empty to hide its icon.' : undefined}
          value={form.social[key]}
          errors={errors}
          onInput={(url) => set('social', { ...form.social, [key]: url })}
        />
      ))}
      {field('whatsapp_number', 'WhatsApp number', { type: 'tel' })}
      {field('whatsapp_greeting', 'WhatsApp greeting', { hint: 'The message a chat opens with.' })}
    </Section>
  );
}
