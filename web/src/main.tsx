import { render } from 'preact';
import { App } from './app';
import './style.css';
import './settings-state';
import './settings-sync';

render(<App />, document.getElementById('app')!);
