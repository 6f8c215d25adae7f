/** The saloon reference web client: a single page on the public GraphQL API only. */
import { render } from 'preact';
import { GamePage } from './Game';
import { InboxPage } from './Inbox';
import { JoinPage } from './Join';
import { LobbyPage } from './Lobby';
import { useRoute } from './router';
import './style.css';

function App() {
  const route = useRoute();
  return (
    <>
      <a
        class="skip"
        href="#content"
        onClick={(e) => (e.preventDefault(), document.getElementById('content')?.focus())}
      >
        Skip to content
      </a>
      <header class="top">
        <a href="#/" class="brand">
          saloon
        </a>
        <nav aria-label="Main">
          <a href="#/" aria-current={route.page === 'lobby' ? 'page' : undefined}>
            Lobby
          </a>
          <a href="#/inbox" aria-current={route.page === 'inbox' ? 'page' : undefined}>
            Your games
          </a>
          <a href="/graphql">API explorer</a>
        </nav>
      </header>
      <div id="content" tabIndex={-1}>
        {route.page === 'game' ? <GamePage key={route.id} id={route.id} /> : null}
        {route.page === 'join' ? <JoinPage id={route.id} seat={route.seat} /> : null}
        {route.page === 'inbox' ? <InboxPage /> : null}
        {route.page === 'lobby' ? <LobbyPage /> : null}
      </div>
    </>
  );
}

render(<App />, document.getElementById('app')!);
