/** The emulator pages' one stylesheet (a constant: the CSP allows it by nonce). */
export const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;background:#f4f6f8;color:#1f2328}
header{background:#fff;border-bottom:1px solid #e3e6ea;padding:12px 24px;display:flex;align-items:center;gap:10px}
header .logo{width:28px;height:28px;border-radius:7px;background:#00b96b;color:#fff;display:grid;place-items:center;font-weight:700}
header .brand{font-weight:600}
header .tag{margin-left:auto;font-size:12px;color:#59636e;border:1px solid #d0d7de;border-radius:999px;padding:2px 10px}
main{max-width:480px;margin:40px auto;padding:0 16px}
.card{background:#fff;border:1px solid #e3e6ea;border-radius:12px;padding:28px;box-shadow:0 1px 2px rgba(0,0,0,.04)}
h1{font-size:21px;margin:0 0 8px}
h2{font-size:15px;margin:24px 0 8px}
p{margin:8px 0}
.muted{color:#59636e;font-size:13px}
label.field{display:block;font-weight:600;margin:14px 0 4px}
input[type=text],input[type=password]{width:100%;padding:9px 11px;border:1px solid #d0d7de;border-radius:8px;font:inherit}
input:focus,button:focus{outline:2px solid #0969da;outline-offset:1px}
button{font:inherit;border-radius:8px;padding:9px 16px;border:1px solid #d0d7de;background:#f6f8fa;cursor:pointer}
button.primary{background:#00b96b;border-color:#00a05d;color:#fff;font-weight:600}
button.danger{background:#fff;color:#cf222e;border-color:#cf222e}
.actions{display:flex;gap:10px;margin-top:20px}
.actions button{flex:1}
.error{background:#fff1f0;border:1px solid #ffccc7;color:#a8071a;border-radius:8px;padding:10px 12px;margin:12px 0}
.ok{background:#effaf3;border:1px solid #b7ebc6;color:#135200;border-radius:8px;padding:10px 12px;margin:12px 0}
ul.scopes{list-style:none;padding:0;margin:8px 0;border:1px solid #e3e6ea;border-radius:8px}
ul.scopes li{padding:10px 12px;border-top:1px solid #e3e6ea}
ul.scopes li:first-child{border-top:0}
ul.scopes label{display:flex;gap:10px;align-items:flex-start;cursor:pointer}
ul.scopes code{font-weight:600}
.demo{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}
.demo form{margin:0}
.demo button{padding:6px 12px;font-size:14px}
.who{display:flex;align-items:center;gap:10px;margin:14px 0;padding:10px 12px;background:#f6f8fa;border-radius:8px}
.who img{width:32px;height:32px;border-radius:50%}
.who form{margin-left:auto}
.who button{padding:4px 10px;font-size:13px}
.token{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;word-break:break-all;background:#f6f8fa;border:1px dashed #8c959f;border-radius:8px;padding:10px 12px}
table{width:100%;border-collapse:collapse;font-size:14px}
th,td{text-align:left;padding:6px 4px;border-top:1px solid #e3e6ea}
fieldset{border:0;padding:0;margin:0}
legend{padding:0;margin-bottom:4px}
.warn{background:#fff8e6;border:1px solid #f5d48a;color:#6b4500;border-radius:8px;padding:10px 12px;margin:12px 0}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}
`
