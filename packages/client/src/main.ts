import './styles.css';
import { App } from './app.js';

const app = new App(document.getElementById('app')!);
app.start();
