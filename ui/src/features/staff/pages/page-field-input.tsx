import { ImageField } from '@/features/staff/shell/image-field';
import { described, Field } from '@/features/staff/shell/labelled-field';
import type { Command } from '@/features/staff/shell/rich-commands';
import { RichEditor } from '@/features/staff/shell/rich-editor';
import { emptyItem, fieldId, type ImageValue, type LinkValue, type ListItem, moved } from './page-values';
import type { PageField } from './pages-api';

/** What a page's paragraphs may hold: the server keeps paragraphs, bold, italic, links and lists. */
const PARAGRAPH_TOOLS: readonly Command[] = ['bold', 'italic', 'link', 'ul', 'ol'];

interface FieldInputProps {
  field: PageField;
  /** The field's path in the form: a top-level field's own, a list item's `list.2.heading`. */
  at: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The form's messages by path (`formErrors`). */
  errors: Record<string, string>;
}

/** The control of one field of a page, by its kind; a list holds one of these per item field. */
export function FieldInput({ field, at, value, onChange, errors }: FieldInputProps) {
  const id = fieldId(at);
  const error = errors[at];
  switch (field.kind) {
    case 'text': {
      const text = String(value ?? '');
      return (
        <Field id={id} label={field.label} error={error} hint={`${text.length} of ${field.max} characters`}>
          <input
            {...described(id, error, true)}
            type="text"
            maxLength={field.max}
            value={text}
            onInput={(event) => onChange(event.currentTarget.value)}
          />
        </Field>
      );
    }
    case 'paragraphs':
      return (
        <div class={error ? 'staff-field staff-field--invalid' : 'staff-field'}>
          <span class="page-field__label" id={`${id}-label`}>
            {field.label}
          </span>
          <RichEditor
            id={id}
            value={String(value ?? '')}
            onChange={onChange}
            labelledBy={`${id}-label`}
            describedBy={error ? `${id}-error` : undefined}
            invalid={!!error}
            tools={PARAGRAPH_TOOLS}
          />
          {error && (
            <p class="staff-field__error" id={`${id}-error`}>
              {error}
            </p>
          )}
        </div>
      );
    case 'image': {
      const image = (value ?? { src: '', alt: '' }) as ImageValue;
      const altAt = `${at}.alt`;
      return (
        <fieldset class="staff-editor__group">
          <legend>{field.label}</legend>
          <ImageField
            id={id}
            label="Picture"
            path={image.src || null}
            folder="pages"
            removable={false}
            error={errors[`${at}.src`]}
            onPath={(src) => onChange({ ...image, src: src ?? '' })}
          />
          {field.alt !== null && (
            <Field id={fieldId(altAt)} label="Description (alt text)" error={errors[altAt]}>
              <input
                {...described(fieldId(altAt), errors[altAt])}
                type="text"
                required
                maxLength={200}
                value={image.alt}
                onInput={(event) => onChange({ ...image, alt: event.currentTarget.value })}
              />
            </Field>
          )}
        </fieldset>
      );
    }
    case 'video': {
      const video = (value ?? { src: '' }) as { src: string };
      return (
        <ImageField
          id={id}
          label={field.label}
          path={video.src || null}
          folder="pages"
          removable={false}
          video
          error={errors[`${at}.src`]}
          onPath={(src) => onChange({ src: src ?? '' })}
        />
      );
    }
    case 'link': {
      const link = (value ?? { label: '', href: '' }) as LinkValue;
      const labelAt = `${at}.label`;
      const hrefAt = `${at}.href`;
      return (
        <fieldset class="staff-editor__group page-field__link">
          <legend>{field.label}</legend>
          <Field id={id} label="Words" error={errors[labelAt]}>
            <input
              {...described(id, errors[labelAt])}
              type="text"
              maxLength={80}
              value={link.label}
              onInput={(event) => onChange({ ...link, label: event.currentTarget.value })}
            />
          </Field>
          <Field id={fieldId(hrefAt)} label="Address" error={errors[hrefAt]}>
            <input
              {...described(fieldId(hrefAt), errors[hrefAt])}
              type="text"
              inputMode="url"
              value={link.href}
              onInput={(event) => onChange({ ...link, href: event.currentTarget.value })}
            />
          </Field>
        </fieldset>
      );
    }
    case 'list':
      return <ListInput field={field} at={at} value={value} onChange={onChange} errors={errors} />;
  }
}

/** A list: each item's fields, and adding, removing and moving items within the list's bounds. */
function ListInput({ field, at, value, onChange, errors }: FieldInputProps & { field: { kind: 'list' } }) {
  if (field.kind !== 'list') return null;
  const items = (Array.isArray(value) ? value : []) as ListItem[];
  const error = errors[at];
  const set = (index: number, path: string, next: unknown) =>
    onChange(items.map((item, i) => (i === index ? { ...item, [path]: next } : item)));
  const move = (from: number, to: number) => {
    onChange(moved(items, from, to));
    // The moved item's first control keeps the focus where it went.
    requestAnimationFrame(() => document.getElementById(`${fieldId(`${at}.${to}`)}-actions`)?.focus());
  };
  return (
    <fieldset
      class="staff-editor__group page-field__list"
      id={fieldId(at)}
      aria-describedby={error ? `${fieldId(at)}-error` : undefined}
    >
      <legend>
        {field.label} ({items.length}; {field.min} to {field.max})
      </legend>
      {error && (
        <p class="staff-field__error" id={`${fieldId(at)}-error`}>
          {error}
        </p>
      )}
      <ol class="page-field__items">
        {items.map((item, index) => {
          const itemAt = `${at}.${index}`;
          const name = `${field.label} ${index + 1}`;
          return (
            <li key={index} class="page-field__item">
              <div class="page-field__item-head">
                <span class="page-field__item-name" id={`${fieldId(itemAt)}-actions`} tabIndex={-1}>
                  {name}
                </span>
                <button
                  type="button"
                  class="staff-button"
                  disabled={index === 0}
                  aria-label={`Move ${name} up`}
                  onClick={() => move(index, index - 1)}
                >
                  Up
                </button>
                <button
                  type="button"
                  class="staff-button"
                  disabled={index === items.length - 1}
                  aria-label={`Move ${name} down`}
                  onClick={() => move(index, index + 1)}
                >
                  Down
                </button>
                <button
                  type="button"
                  class="staff-button"
                  disabled={items.length <= field.min}
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                >
                  Remove
                </button>
              </div>
              {field.item.map((part) => (
                <FieldInput
                  key={part.path}
                  field={part}
                  at={`${itemAt}.${part.path}`}
                  value={item[part.path]}
                  onChange={(next) => set(index, part.path, next)}
                  errors={errors}
                />
              ))}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        class="staff-button"
        disabled={items.length >= field.max}
        onClick={() => onChange([...items, emptyItem(field.item)])}
      >
        Add to {field.label.toLowerCase()}
      </button>
    </fieldset>
  );
}
