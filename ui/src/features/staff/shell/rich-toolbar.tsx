import { useRef, useState } from 'preact/hooks';
import { type CaretState, type Command, TOOLS } from './rich-commands';

/** What each button shows (its name is read from the hidden words beside it). */
const FACES: Record<Command, string> = {
  bold: 'B',
  italic: 'I',
  h2: 'H2',
  h3: 'H3',
  paragraph: '¶',
  link: 'Link',
  ul: '• List',
  ol: '1. List',
  quote: '“ Quote',
  image: 'Image',
};

interface RichToolbarProps {
  /** What is on at the caret: bold, italic, heading, list and quote buttons show it pressed. */
  state: CaretState;
  onCommand: (command: Command) => void;
  /** The commands on offer, in `TOOLS`' order. */
  tools: readonly Command[];
  /** The id of the editing area the buttons act on. */
  controls: string;
}

/** The formatting buttons: one Tab stop, the arrow keys (and Home, End) move between them. */
export function RichToolbar({ state, onCommand, tools, controls }: RichToolbarProps) {
  const offered = TOOLS.filter((tool) => tools.includes(tool.command));
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (to: number) => {
    const index = (to + offered.length) % offered.length;
    setCurrent(index);
    buttons.current[index]?.focus();
  };
  return (
    <div
      class="rich-toolbar"
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      onKeyDown={(event) => {
        const moves: Record<string, number> = {
          ArrowRight: current + 1,
          ArrowDown: current + 1,
          ArrowLeft: current - 1,
          ArrowUp: current - 1,
          Home: 0,
          End: offered.length - 1,
        };
        if (event.key in moves) {
          event.preventDefault();
          move(moves[event.key] ?? current);
        }
      }}
    >
      {offered.map((tool, index) => {
        const pressed = tool.command in state ? state[tool.command as keyof CaretState] : undefined;
        return (
          <button
            key={tool.command}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            class={`rich-toolbar__button rich-toolbar__button--${tool.command}`}
            tabIndex={index === current ? 0 : -1}
            aria-pressed={pressed}
            aria-keyshortcuts={tool.keys || undefined}
            title={tool.shown ? `${tool.label} (${tool.shown})` : tool.label}
            // The caret stays in the text while a button is clicked.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setCurrent(index)}
            onClick={() => onCommand(tool.command)}
          >
            <span aria-hidden="true">{FACES[tool.command]}</span>
            <span class="visually-hidden">{tool.label}</span>
          </button>
        );
      })}
    </div>
  );
}
