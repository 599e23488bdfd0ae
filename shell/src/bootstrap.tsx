import './styles/tokens.css';
import './styles/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createServices } from './app/create-services';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(<App services={createServices()} />);
