// The help page (help.html): shows it in one language. The app's Content-Security-Policy allows
// scripts from files only, so this is a module of its own.
// The language: ?lang=, else the app's saved choice, else the browser's.
const langs = ['zh', 'en', 'vi'];
let saved = null;
try {
  saved = JSON.parse(localStorage.getItem('chuhan.settings') ?? 'null')?.lang ?? null;
} catch {}
const asked = new URLSearchParams(location.search).get('lang');
const browser = (navigator.language || '').slice(0, 2);
const pickLang = (code) => {
  const lang = langs.includes(code) ? code : 'en';
  for (const a of document.querySelectorAll('article[data-lang]')) a.hidden = a.dataset.lang !== lang;
  for (const b of document.querySelectorAll('nav button')) b.setAttribute('aria-pressed', String(b.dataset.lang === lang));
  for (const l of langs) for (const s of document.querySelectorAll(`[data-title-${l}]`)) s.hidden = l !== lang;
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : lang;
  document.body.dataset.lang = lang;
};
for (const b of document.querySelectorAll('nav button')) b.addEventListener('click', () => pickLang(b.dataset.lang));
pickLang([asked, saved, browser].find((c) => langs.includes(c)) ?? 'en');
