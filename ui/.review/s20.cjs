const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Vertical Trading',{exact:true}).click(); await page.waitForTimeout(2000);
 await shot('60-vertical-empty');
 await page.getByRole('button',{name:/buy\/sell/i}).click(); await page.waitForTimeout(1200);
 await shot('61-multileg-dialog');
 const d=page.getByRole('dialog');
 console.log(await d.innerText());
 console.log(await d.locator('input,select,button').evaluateAll(es=>es.map(e=>`${e.tagName} ph=${e.placeholder||''} val=${(e.value||'').slice(0,30)} txt=${(e.innerText||'').slice(0,30)} aria=${e.getAttribute('aria-label')}`).join('\n')));
 await done();
})();
