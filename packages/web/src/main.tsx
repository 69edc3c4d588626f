import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LocaleProvider } from './i18n/index.js';
import { App } from './App.js';
import { AccountProvider } from './account/context.js';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LocaleProvider>
      <AccountProvider>
        <App />
      </AccountProvider>
    </LocaleProvider>
  </StrictMode>,
);
