const {start,BASE}=require('./lib.cjs'); const {stockOrder}=require('./stlib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Stock Trading',{exact:true}).click(); await page.waitForTimeout(1500);
 await stockOrder(page,shot,'79-stk-stop',{type:'STOP',qty:5,stop:300});
 await stockOrder(page,shot,'80-stk-trail',{type:'TRAILING_STOP',qty:5},{submit:false});
 const d=page.getByRole('dialog');
 console.log(await d.locator('input,select').evaluateAll(es=>es.map(e=>`${e.tagName} val=${(e.value||'').slice(0,30)} lbl=${e.labels&&e.labels[0]?e.labels[0].innerText:''} opts=${e.tagName==='SELECT'?[...e.options].map(o=>o.text).join('|'):''}`).join('\n')));
 await done();
})();
