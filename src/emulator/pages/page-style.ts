/**
 * The emulator pages' one stylesheet (a constant: the CSP allows it by nonce). Colours are
 * variables with a dark set under `prefers-color-scheme: dark`; every text colour meets WCAG 2.2
 * AA (4.5:1) on its background in both sets, the primary button included (white on #007a47 is
 * 5.4:1, #0d1117 on #3ccf82 is 9.4:1), checked by axe in e2e/emulator-pages.spec.ts. Chinese
 * pages put Simplified Chinese families first, so Han characters get their zh-CN glyph forms.
 */
export const STYLE = `
:root{color-scheme:light dark;--bg:#f4f6f8;--card:#fff;--text:#1f2328;--muted:#59636e;--line:#e3e6ea;--field:#d0d7de;--soft:#f6f8fa;--focus:#0969da;--link:#0969da;--primary:#007a47;--primary-line:#006b3e;--on-primary:#fff;--danger:#cf222e;--error-bg:#fff1f0;--error-line:#ffccc7;--error:#a8071a;--ok-bg:#effaf3;--ok-line:#b7ebc6;--ok:#135200;--warn-bg:#fff8e6;--warn-line:#f5d48a;--warn:#6b4500;--dash:#8c959f}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--card:#161b22;--text:#e6edf3;--muted:#9198a1;--line:#30363d;--field:#3d444d;--soft:#21262d;--focus:#4493f8;--link:#4493f8;--primary:#3ccf82;--primary-line:#3ccf82;--on-primary:#0d1117;--danger:#ff7b72;--error-bg:#2d1517;--error-line:#6e2b2b;--error:#ffa198;--ok-bg:#0f2a1c;--ok-line:#1f5c3a;--ok:#7ee2a8;--warn-bg:#2b2111;--warn-line:#6b5217;--warn:#e3b341;--dash:#6e7681}}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;background:var(--bg);color:var(--text)}
html:lang(zh-CN) body{font-family:"PingFang SC","Hiragino Sans GB","Noto Sans CJK SC","Source Han Sans SC","Microsoft YaHei",system-ui,sans-serif}
header{background:var(--card);border-bottom:1px solid var(--line);padding:12px 24px;display:flex;align-items:center;gap:10px}
header .logo{width:28px;height:28px;border-radius:7px;background:var(--primary);color:var(--on-primary);display:grid;place-items:center;font-weight:700}
header .brand{font-weight:600}
header .space{font-weight:600;color:var(--ok)}
header .tag{margin-left:auto;font-size:12px;color:var(--muted);border:1px solid var(--field);border-radius:999px;padding:2px 10px}
header a.lang{color:var(--link);font-size:14px;padding:6px 8px;min-height:32px;display:inline-flex;align-items:center}
a{color:var(--link)}
main{max-width:480px;margin:40px auto;padding:0 16px}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:28px;box-shadow:0 1px 2px rgba(0,0,0,.04)}
h1{font-size:21px;margin:0 0 8px}
h2{font-size:15px;margin:24px 0 8px}
p{margin:8px 0}
.muted{color:var(--muted);font-size:13px}
label.field{display:block;font-weight:600;margin:14px 0 4px}
input[type=text],input[type=password]{width:100%;padding:9px 11px;border:1px solid var(--field);border-radius:8px;font:inherit;background:var(--card);color:var(--text)}
input:focus,button:focus,a:focus{outline:2px solid var(--focus);outline-offset:1px}
button{font:inherit;border-radius:8px;padding:9px 16px;border:1px solid var(--field);background:var(--soft);color:var(--text);cursor:pointer}
button.primary{background:var(--primary);border-color:var(--primary-line);color:var(--on-primary);font-weight:600}
button.danger{background:var(--card);color:var(--danger);border-color:var(--danger)}
.actions{display:flex;gap:10px;margin-top:20px}
.actions button{flex:1}
.error{background:var(--error-bg);border:1px solid var(--error-line);color:var(--error);border-radius:8px;padding:10px 12px;margin:12px 0}
.ok{background:var(--ok-bg);border:1px solid var(--ok-line);color:var(--ok);border-radius:8px;padding:10px 12px;margin:12px 0}
ul.scopes{list-style:none;padding:0;margin:8px 0;border:1px solid var(--line);border-radius:8px}
ul.scopes li{padding:10px 12px;border-top:1px solid var(--line)}
ul.scopes li:first-child{border-top:0}
ul.scopes label{display:flex;gap:10px;align-items:flex-start;cursor:pointer}
ul.scopes code{font-weight:600}
.demo{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}
.demo form{margin:0}
.demo button{padding:6px 12px;font-size:14px}
.who{display:flex;align-items:center;gap:10px;margin:14px 0;padding:10px 12px;background:var(--soft);border-radius:8px}
.who img{width:32px;height:32px;border-radius:50%}
.who .muted{color:var(--muted)}
.who form{margin-left:auto}
.who button{padding:4px 10px;font-size:13px;background:var(--card)}
.token{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;word-break:break-all;background:var(--soft);border:1px dashed var(--dash);border-radius:8px;padding:10px 12px}
table{width:100%;border-collapse:collapse;font-size:14px}
th,td{text-align:left;padding:6px 4px;border-top:1px solid var(--line)}
fieldset{border:0;padding:0;margin:0}
legend{padding:0;margin-bottom:4px}
.warn{background:var(--warn-bg);border:1px solid var(--warn-line);color:var(--warn);border-radius:8px;padding:10px 12px;margin:12px 0}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}
`
