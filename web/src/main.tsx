import { render } from 'preact';
import { App } from './app';
import './style.css';
import './settings-state';

render(<App />, document.getElementById('app')!);
