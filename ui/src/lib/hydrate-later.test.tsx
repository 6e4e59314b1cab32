import { hydrate, render } from 'preact';
import { useState } from 'preact/hooks';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { HydrateLater, hydrateInParts } from './hydrate-later';

function Counter({ id }: { id: string }) {
  const [count, setCount] = useState(0);
  return (
    <section id={id}>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        {id} {count}
      </button>
    </section>
  );
}

function Page() {
  return (
    <main>
      <Counter id="first" />
      <HydrateLater>
        <Counter id="second" />
      </HydrateLater>
      <HydrateLater>
        <Counter id="third" />
      </HydrateLater>
      <p>after</p>
    </main>
  );
}

const click = (container: HTMLElement, id: string) =>
  container.querySelector<HTMLButtonElement>(`#${id} button`)?.click();

describe('HydrateLater', () => {
  it('renders its children on the server as if it were not there', () => {
    expect(renderToString(<Page />)).toBe(
      '<main><section id="first"><button type="button">first 0</button></section>' +
        '<section id="second"><button type="button">second 0</button></section>' +
        '<section id="third"><button type="button">third 0</button></section><p>after</p></main>',
    );
  });

  it('leaves the server markup as it is, then hydrates each part on the same nodes, in later tasks', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const markup = renderToString(<Page />);
    container.innerHTML = markup;
    const nodes = [...container.querySelectorAll('section, p')];

    const done = hydrateInParts(() => hydrate(<Page />, container));
    // The first screen is the app's at once; the later parts are still the server's.
    click(container, 'first');
    click(container, 'second');
    await Promise.resolve();
    expect(container.querySelector('#first')?.textContent).toBe('first 1');
    expect(container.querySelector('#second')?.textContent).toBe('second 0');
    expect(container.innerHTML).toBe(markup.replace('first 0', 'first 1'));

    await done;
    click(container, 'second');
    click(container, 'third');
    click(container, 'third');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.querySelector('#second')?.textContent).toBe('second 1');
    expect(container.querySelector('#third')?.textContent).toBe('third 2');
    // Nothing was made again: the very nodes the server sent, in their order.
    expect([...container.querySelectorAll('section, p')]).toEqual(nodes);
    expect(container.querySelectorAll('section')).toHaveLength(3);
    render(null, container);
    container.remove();
  });

  it('is only its children in a render that is no first hydration', async () => {
    const container = document.createElement('div');
    render(<Page />, container);
    expect(container.querySelectorAll('section')).toHaveLength(3);
    click(container, 'third');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.querySelector('#third')?.textContent).toBe('third 1');
  });
});
