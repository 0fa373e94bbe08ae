const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Stock Trading',{exact:true}).click(); await page.waitForTimeout(2000);
 await shot('75-stock-empty');
 await page.getByRole('button',{name:/buy\/sell/i}).click(); await page.waitForTimeout(1200);
 await shot('76-stock-place-dialog');
 const d=page.getByRole('dialog'); console.log(await d.innerText());
 console.log(await d.locator('input,select').evaluateAll(es=>es.map(e=>`${e.tagName} id=${e.id} ph=${e.placeholder||''} val=${(e.value||'').slice(0,30)} aria=${e.getAttribute('aria-label')} lbl=${e.labels&&e.labels[0]?e.labels[0].innerText:''}`).join('\n')));
 await done();
})();
