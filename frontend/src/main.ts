import './style.css'
import { mount } from 'svelte'
import App from './App.svelte'

const target = document.getElementById('app')!
target.replaceChildren() // drop the static shell of index.html; the app paints in the same frame
const app = mount(App, { target })

export default app
