import { Component, type ComponentChildren } from 'preact';
import { useCurrentPath } from '@/components/site-link';
import { messages } from '@/content/messages';
import { usePageMeta } from '@/lib/page-meta';

/** The router's generic error screen: 'Unexpected Application Error!', then the message. */
function ErrorScreen({ message }: { message: string }) {
  return (
    <section class="error-screen" aria-labelledby="error-title">
      <h1 id="error-title">{messages.unexpectedApplicationError}</h1>
      <p class="error-screen__message">{message}</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </section>
  );
}

/** No route matches: the server answered 404 too. */
export function NotFoundScreen() {
  const pathname = useCurrentPath();
  usePageMeta({ title: messages.unexpectedApplicationError, noindex: true });
  return <ErrorScreen message={`404 Not Found: no page at ${pathname}`} />;
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
