import { PortraitField } from './portrait-field';
import { Field, Section, type SectionProps } from './settings-field';
import { Rows } from './settings-rows';

/** The branch offices the contact page lists. */
export function BranchesSection({ form, errors, set }: SectionProps) {
  return (
    <Section id="settings-branches" title="Branches">
      <Rows
        name="branches"
        label="Branch"
        rows={form.branches}
        errors={errors}
        max={30}
        blank={{ city: '', address: '' }}
        onChange={(rows) => set('branches', rows)}
        render={(row, index, setRow) => (
          <>
            <Field
              name={`branches[${index}].city`}
              label="City"
              value={row.city}
              errors={errors}
              onInput={(city) => setRow({ ...row, city })}
            />
            <Field
              name={`branches[${index}].address`}
              label="Address"
              value={row.address}
              errors={errors}
              onInput={(address) => setRow({ ...row, address })}
            />
          </>
        )}
      />
    </Section>
  );
}

/** The figures of the Overview counters on Home and About. */
export function CountersSection({ form, errors, set }: SectionProps) {
  return (
    <Section id="settings-counters" title="Overview counters">
      <Rows
        name="counters"
        label="Counter"
        rows={form.counters}
        errors={errors}
        max={8}
        blank={{ heading: '', count: 0, suffix: '' }}
        onChange={(rows) => set('counters', rows)}
        render={(row, index, setRow) => (
          <>
            <Field
              name={`counters[${index}].heading`}
              label="Heading"
              value={row.heading}
              errors={errors}
              onInput={(heading) => setRow({ ...row, heading })}
            />
            <Field
              name={`counters[${index}].count`}
              label="Figure"
              type="number"
              value={String(row.count)}
              errors={errors}
              onInput={(count) => setRow({ ...row, count: Number.parseInt(count, 10) || 0 })}
            />
            <Field
              name={`counters[${index}].suffix`}
              label="After the figure"
              value={row.suffix}
              errors={errors}
              onInput={(suffix) => setRow({ ...row, suffix })}
            />
          </>
        )}
      />
    </Section>
  );
}

/** The leaders the About page shows, each with a portrait and links. */
export function LeadersSection({ form, errors, set }: SectionProps) {
  return (
    <Section id="settings-leaders" title="Leaders">
      <Rows
        name="leaders"
        label="Leader"
        rows={form.leaders}
        errors={errors}
        max={24}
        blank={{ name: '', designation: '', portrait: '', linkedin: '', whatsapp: '' }}
        onChange={(rows) => set('leaders', rows)}
        render={(row, index, setRow) => (
          <>
            <Field
              name={`leaders[${index}].name`}
              label="Name"
              value={row.name}
              errors={errors}
              onInput={(name) => setRow({ ...row, name })}
            />
            <Field
              name={`leaders[${index}].designation`}
              label="Designation"
              value={row.designation}
              errors={errors}
              onInput={(designation) => setRow({ ...row, designation })}
            />
            <Field
              name={`leaders[${index}].linkedin`}
              label="LinkedIn"
              type="url"
              value={row.linkedin}
              errors={errors}
              onInput={(linkedin) => setRow({ ...row, linkedin })}
            />
            <Field
              name={`leaders[${index}].whatsapp`}
              label="WhatsApp link"
              type="url"
              value={row.whatsapp}
              errors={errors}
              onInput={(whatsapp) => setRow({ ...row, whatsapp })}
            />
            <PortraitField
              name={`leaders[${index}].portrait`}
              leader={row.name}
              path={row.portrait}
              errors={errors}
              onChange={(portrait) => setRow({ ...row, portrait })}
            />
          </>
        )}
      />
    </Section>
  );
}

/** The clients Home lists under "Clients We Served". */
export function ClientsSection({ form, errors, set }: SectionProps) {
  return (
    <Section id="settings-clients" title="Clients served">
      <Rows
        name="clients"
        label="Client"
        rows={form.clients}
        errors={errors}
        max={100}
        blank={{ name: '', sector: '' }}
        onChange={(rows) => set('clients', rows)}
        render={(row, index, setRow) => (
          <>
            <Field
              name={`clients[${index}].name`}
              label="Name"
              value={row.name}
              errors={errors}
              onInput={(name) => setRow({ ...row, name })}
            />
            <Field
              name={`clients[${index}].sector`}
              label="Sector"
              value={row.sector}
              errors={errors}
              onInput={(sector) => setRow({ ...row, sector })}
            />
          </>
        )}
      />
    </Section>
  );
}
