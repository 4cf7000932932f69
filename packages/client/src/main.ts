import './styles/index.css';
import { StarEaterApp } from './app.js';
import { installTouchTitles } from './ui/tooltip.js';

const app = new StarEaterApp(document.getElementById('app')!);
// For e2e probes (as window.__board): the one server session.
(window as unknown as { __session?: unknown }).__session = app.session;
installTouchTitles();
app.start();
