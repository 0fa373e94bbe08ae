const {start,BASE}=require('./lib.cjs'); const {stockOrder}=require('./stlib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Stock Trading',{exact:true}).click(); await page.waitForTimeout(1500);
 await stockOrder(page,shot,'81-stk-trail',{type:'TRAILING_STOP',qty:5,offset:2});
 await stockOrder(page,shot,'82-stk-reject',{type:'MARKET',qty:100000},{check:true});
 await stockOrder(page,shot,'83-stk-partial-accts',{type:'MARKET',qty:400});
 await done();
})();
