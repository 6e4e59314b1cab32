import { Component, type ComponentChildren } from 'preact';
import { notFoundContent } from '@/content/not-found';
import { fieldOf } from '@/lib/page-fields';

interface ErrorScreenProps {
  message: string;
  /** The words around the message: the not-found page's as the office words them, else the defaults. */
  words?: typeof notFoundContent;
}

/** The router's generic error screen: 'Unexpected Application Error!', then the message. */
export function ErrorScreen({ message, words = notFoundContent }: ErrorScreenProps) {
  return (
    <section class="error-screen" aria-labelledby="error-title">
      <h1 id="error-title" {...fieldOf('notFoundContent.heading')}>
        {words.heading}
      </h1>
      <p class="error-screen__message">{message}</p>
      <p>
        <a href="/" {...fieldOf('notFoundContent.homeLink')}>
          {words.homeLink}
        </a>
      </p>
    </section>
  );
}

interface BoundaryProps {
  /** A new key (the path) clears the error, so the next page can render. */
  resetKey: string;
  children: ComponentChildren;
}

/** Catches what a page throws while rendering or loading its chunk. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
    this.setState({ error });
  }

  render() {
    const { error } = this.state;
    if (error) return <ErrorScreen message={error instanceof Error ? error.message : String(error)} />;
    return this.props.children;
  }
}
