/// <reference lib="dom" />
import { createRoot } from 'react-dom/client';

const cards = Array.from({ length: 20 }, (_, i) => ({
  id: i,
  name: `creator-${i + 1}`,
  bio: 'Travel diaries, studio days and late-night streams: a short line about what they post.',
  hue: (i * 47) % 360,
}));

function Card({ name, bio, hue }: { name: string; bio: string; hue: number }) {
  return (
    <li className="card">
      <div className="avatar" style={{ background: `hsl(${hue} 60% 60%)` }} />
      <h2>{name}</h2>
      <p>{bio}</p>
      <button type="button">Chat</button>
    </li>
  );
}

/** The baseline: React 19 rendering a grid of 20 cards, nothing else. */
function Grid() {
  return (
    <main>
      <h1>Discover</h1>
      <ul className="grid">
        {cards.map((c) => (
          <Card key={c.id} {...c} />
        ))}
      </ul>
    </main>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Grid />);
