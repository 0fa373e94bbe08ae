const { chromium } = require('playwright-core');
const BASE='http://127.0.0.1:8093/';
async function start(opts={}) {
  const browser = await chromium.launch({executablePath:'/usr/bin/chromium', args:["--no-sandbox","--disable-gpu","--disable-background-networking"]});
  const ctx = await browser.newContext({viewport:{width:1366,height:768}});
  const page = await ctx.newPage();
  const logs=[];
  page.on('console', m=>{ if(['error','warning'].includes(m.type())) logs.push(`[console.${m.type()}] ${m.text()}`)});
  page.on('pageerror', e=>logs.push(`[pageerror] ${e.message}`));
  page.on('dialog', async d=>{logs.push(`[dialog ${d.type()}] ${d.message()}`); if(opts.onDialog) await opts.onDialog(d); else await d.dismiss();});
  page.on('response', async r=>{ const rq=r.request(); if(rq.method()!=='GET' && r.url().includes('/api/')){ let b=''; try{b=(await r.text()).slice(0,600)}catch(e){} logs.push(`[net] ${rq.method()} ${r.url().replace(BASE,'')} ${r.status()} req=${(rq.postData()||'').slice(0,400)} resp=${b}`);} });
  if(!opts.noLogin){
    await page.goto(BASE+'#/login');
    await page.waitForTimeout(800);
    const inputs = page.locator('input');
    await inputs.nth(0).fill('demo'); await inputs.nth(1).fill('demo-password');
    await page.getByRole('button',{name:/^login$/i}).click();
    await page.waitForTimeout(1500);
  }
  const shot = async (name)=>{ await page.screenshot({path:`/tmp/review/${name}.png`}); console.log('shot',name); };
  const done = async ()=>{ console.log(logs.join('\n')); await browser.close(); };
  return {browser,page,shot,done,logs};
}
module.exports={start,BASE};
