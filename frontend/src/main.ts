import './style.css'
import { mount } from 'svelte'
import App from './App.svelte'

// The static shell of index.html has been painted by now (or is painted in this same frame);
// the mounted app takes its place with the same layout.
const target = document.getElementById('app')!
target.replaceChildren()
const app = mount(App, { target })

export default app
